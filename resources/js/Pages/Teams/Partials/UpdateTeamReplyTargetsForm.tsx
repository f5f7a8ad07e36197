import { Link, useForm } from '@inertiajs/react';
import type { TeamShowProps } from '../../../../../server/presenters/team-presenter';
import ActionMessage from '@/Components/ActionMessage';
import FormSection from '@/Components/FormSection';
import InputError from '@/Components/InputError';
import InputLabel from '@/Components/InputLabel';
import PrimaryButton from '@/Components/PrimaryButton';
import TextInput from '@/Components/TextInput';
import { route } from '@/lib/route';

type Props = Pick<TeamShowProps, 'team' | 'permissions'>;

const minutesOf = (value: number | null) => (value === null ? '' : String(value));

function TargetField({
  id,
  label,
  hint,
  value,
  error,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  error?: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <div className="col-span-6 sm:col-span-3">
      <InputLabel htmlFor={id} value={label} />
      <div className="mt-1 flex items-center gap-2">
        <TextInput
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={1440}
          className="block w-28"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          disabled={disabled}
          aria-describedby={`${id}-hint`}
          aria-invalid={error ? true : undefined}
        />
        <span className="text-sm text-gray-600">minutes</span>
      </div>
      <p id={`${id}-hint`} className="mt-2 text-sm text-gray-500">
        {hint}
      </p>
      <InputError message={error} className="mt-2" />
    </div>
  );
}

/**
 * PUT teams.reply-targets.update with the `updateTeamReplyTargets` bag: how soon a customer handed
 * to a person should have the first reply, and each next one; the inbox shows each wait against
 * them. Read-only for those who may not change the team.
 */
export default function UpdateTeamReplyTargetsForm({ team, permissions }: Props) {
  const form = useForm({
    first_reply_minutes: minutesOf(team.first_reply_target_minutes),
    next_reply_minutes: minutesOf(team.next_reply_target_minutes),
  });
  const disabled = !permissions.canUpdateTeam;

  const save = () => {
    if (disabled) return;
    form.put(route('teams.reply-targets.update', team.id), {
      errorBag: 'updateTeamReplyTargets',
      preserveScroll: true,
    });
  };

  return (
    <FormSection
      title="Reply Targets"
      description={
        <>
          How soon customers handed to a person should hear back. The inbox counts down each wait and marks it overdue;
          an{' '}
          <Link href={route('automations.index')} className="text-indigo-600 underline hover:text-indigo-800">
            automation rule
          </Link>{' '}
          can escalate it.
        </>
      }
      onSubmitted={save}
      actions={
        disabled ? undefined : (
          <>
            <ActionMessage on={form.recentlySuccessful} className="me-3">
              Saved.
            </ActionMessage>
            <PrimaryButton className={form.processing ? 'opacity-25' : undefined} disabled={form.processing}>
              Save
            </PrimaryButton>
          </>
        )
      }
    >
      <TargetField
        id="team-first-reply-target"
        label="First reply within"
        hint="From the handoff to a person's first reply. Empty: no target."
        value={form.data.first_reply_minutes}
        error={form.errors.first_reply_minutes}
        disabled={disabled}
        onChange={(value) => form.setData('first_reply_minutes', value)}
      />
      <TargetField
        id="team-next-reply-target"
        label="Next reply within"
        hint="From the customer's first message no reply has answered to the next reply. Empty: no target."
        value={form.data.next_reply_minutes}
        error={form.errors.next_reply_minutes}
        disabled={disabled}
        onChange={(value) => form.setData('next_reply_minutes', value)}
      />
    </FormSection>
  );
}
