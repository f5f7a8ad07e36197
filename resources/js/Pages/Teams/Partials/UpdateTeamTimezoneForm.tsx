import { useMemo } from 'react';
import { useForm } from '@inertiajs/react';
import type { TeamShowProps } from '../../../../../server/presenters/team-presenter';
import ActionMessage from '@/Components/ActionMessage';
import FormSection from '@/Components/FormSection';
import InputError from '@/Components/InputError';
import InputLabel from '@/Components/InputLabel';
import PrimaryButton from '@/Components/PrimaryButton';
import Select from '@/Components/Select';
import { route } from '@/lib/route';

type Props = Pick<TeamShowProps, 'team' | 'permissions'>;

/** The zones this browser knows, with the team's own first in the list if the browser lacks it. */
function zones(current: string): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['Asia/Jakarta', 'UTC'];
  return known.includes(current) ? known : [current, ...known];
}

/** "UTC+07:00" for a zone, now. */
function offsetOf(timeZone: string): string {
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')?.value;
    return name === 'GMT' ? 'UTC' : (name?.replace('GMT', 'UTC') ?? '');
  } catch {
    return '';
  }
}

/** PUT teams.timezone.update with the `updateTeamTimezone` bag; read-only for those who may not change it. */
export default function UpdateTeamTimezoneForm({ team, permissions }: Props) {
  const form = useForm({ timezone: team.timezone });
  const options = useMemo(() => zones(team.timezone), [team.timezone]);

  const save = () => {
    if (!permissions.canUpdateTeam) return;
    form.put(route('teams.timezone.update', team.id), { errorBag: 'updateTeamTimezone', preserveScroll: true });
  };

  return (
    <FormSection
      title="Time Zone"
      description="Reports count days and busiest hours in this time zone. Changing it recomputes the team's reports in the background."
      onSubmitted={save}
      actions={
        permissions.canUpdateTeam ? (
          <>
            <ActionMessage on={form.recentlySuccessful} className="me-3">
              Saved.
            </ActionMessage>
            <PrimaryButton className={form.processing ? 'opacity-25' : undefined} disabled={form.processing}>
              Save
            </PrimaryButton>
          </>
        ) : undefined
      }
    >
      <div className="col-span-6 sm:col-span-4">
        <InputLabel htmlFor="team-timezone" value="Time zone" />
        <Select
          id="team-timezone"
          className="mt-1 block w-full"
          value={form.data.timezone}
          onChange={(event) => form.setData('timezone', event.target.value)}
          disabled={!permissions.canUpdateTeam}
          aria-describedby="team-timezone-offset"
        >
          {options.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replace(/_/g, ' ')}
            </option>
          ))}
        </Select>
        <p id="team-timezone-offset" className="mt-2 text-sm text-gray-500">
          {offsetOf(form.data.timezone)}
        </p>
        <InputError message={form.errors.timezone} className="mt-2" />
      </div>
    </FormSection>
  );
}
