import { useState } from 'react';
import { Head, Link, router } from '@inertiajs/react';
import ActionMessage from '@/Components/ActionMessage';
import ActionSection from '@/Components/ActionSection';
import FormSection from '@/Components/FormSection';
import InputError from '@/Components/InputError';
import PrimaryButton from '@/Components/PrimaryButton';
import SectionBorder from '@/Components/SectionBorder';
import StatusBadge from '@/Components/StatusBadge';
import Toggle from '@/Components/Toggle';
import { cn } from '@/lib/cn';
import { formatDateTime, fromNow } from '@/lib/dates';
import { plural } from '@/lib/plural';
import { route } from '@/lib/route';
import AutomationFields from './Partials/AutomationForm';
import AutomationSentence from './Partials/AutomationSentence';
import {
  automationBody,
  blankAutomation,
  type AutomationForm,
  type AutomationLimitsProps,
  type AutomationOptions,
  type AutomationRule,
  type AutomationRun,
} from './Partials/automation-rules';
import {
  DeleteConfirmation,
  EditDialog,
  InboxLink,
  ManagedRow,
  RowActions,
  useManagedList,
} from './Partials/ManagedList';
import { PageHeader } from '@/Layouts/AppLayout';

export type { AutomationRule, AutomationRun } from './Partials/automation-rules';

export interface AutomationsProps {
  /** In the order they run (top first). */
  rules: AutomationRule[];
  /** The latest 20, newest first. */
  recent_runs: AutomationRun[];
  options: AutomationOptions;
  limits: AutomationLimitsProps;
  /** Owners, admins and editors; the others read only. */
  can: { manage: boolean };
}

/** How often a rule acted lately: "Acted 12 times in the last 30 days · last 2 hours ago". */
function activityOf(rule: AutomationRule): string {
  const last = rule.last_run_at ? ` · last ${fromNow(rule.last_run_at)}` : '';
  if (rule.runs > 0) {
    return `Acted ${rule.runs === 1 ? 'once' : `${rule.runs.toLocaleString()} times`} in the last 30 days${last}`;
  }
  return rule.last_run_at ? `Has not acted in the last 30 days${last}` : 'Has not acted yet';
}

/** What the list says while the team has no rules: what they are for, and two to start with. */
function NoRules({ manage }: { manage: boolean }) {
  return (
    <div className="text-sm text-gray-600">
      <p className="font-medium text-gray-900">No rules yet</p>
      <p className="mt-1">
        Rules do the sorting your team would otherwise do by hand, each time a customer writes, a conversation is handed
        to a person or has waited too long for one, or a customer has waited too long for a reply. Four to start with:
      </p>
      <ul className="mt-2 list-disc space-y-1 ps-5">
        <li>
          When a customer writes “komplain” or “refund”: set priority High, add the label Keluhan and hand the
          conversation to a person.
        </li>
        <li>
          When a conversation is handed to a person outside business hours: add a note for the morning shift and assign
          it to whoever opens.
        </li>
        <li>
          When a conversation has waited for a person 15 minutes: set priority Urgent and assign it to the shift lead.
        </li>
        <li>When a customer has waited for a reply 30 minutes: add a note and assign it to someone who is in today.</li>
      </ul>
      {manage && <p className="mt-2">Make one with the form above.</p>}
    </div>
  );
}

/** Moves a rule one place up or down in the order the rules run (the first cannot go up, the last down). */
function MoveButtons({
  rule,
  first,
  last,
  moving,
  onMove,
}: {
  rule: AutomationRule;
  first: boolean;
  last: boolean;
  moving: boolean;
  onMove: (rule: AutomationRule, direction: 'up' | 'down') => void;
}) {
  const arrows = [
    {
      direction: 'up' as const,
      disabled: first,
      title: 'Run earlier',
      path: 'M10 17a.75.75 0 0 1-.75-.75V5.612L5.29 9.77a.75.75 0 0 1-1.08-1.04l5.25-5.5a.75.75 0 0 1 1.08 0l5.25 5.5a.75.75 0 1 1-1.08 1.04l-3.96-4.158V16.25A.75.75 0 0 1 10 17Z',
    },
    {
      direction: 'down' as const,
      disabled: last,
      title: 'Run later',
      path: 'M10 3a.75.75 0 0 1 .75.75v10.638l3.96-4.158a.75.75 0 1 1 1.08 1.04l-5.25 5.5a.75.75 0 0 1-1.08 0l-5.25-5.5a.75.75 0 1 1 1.08-1.04l3.96 4.158V3.75A.75.75 0 0 1 10 3Z',
    },
  ];
  return (
    <div className="flex items-center gap-1">
      {arrows.map((arrow) => (
        <button
          key={arrow.direction}
          type="button"
          className="cursor-pointer rounded p-0.5 text-gray-400 hover:text-gray-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:cursor-default disabled:opacity-30 disabled:hover:text-gray-400"
          disabled={arrow.disabled || moving}
          onClick={() => onMove(rule, arrow.direction)}
          aria-label={`Move ${rule.name} ${arrow.direction}`}
          title={arrow.title}
        >
          <svg className="size-4" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
            <path fillRule="evenodd" d={arrow.path} clipRule="evenodd" />
          </svg>
        </button>
      ))}
    </div>
  );
}

/** One time a rule acted: which rule, on which conversation, what it did and when. */
function RunItem({ run }: { run: AutomationRun }) {
  return (
    <li className="py-3 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="text-sm text-gray-700">
          <span className="font-medium text-gray-900">{run.rule_name}</span>
          {run.rule_id === null && <span className="text-gray-500"> (deleted rule)</span>} on{' '}
          {run.conversation ? (
            <Link
              href={route('conversations.show', { conversation: run.conversation.id })}
              className="text-gray-700 underline hover:text-gray-900"
            >
              conversation #{run.conversation.number}
            </Link>
          ) : (
            <span className="text-gray-500">a deleted conversation</span>
          )}
        </p>
        <time dateTime={run.created_at} title={formatDateTime(run.created_at)} className="text-xs text-gray-500">
          {fromNow(run.created_at)}
        </time>
      </div>
      <p className="mt-1 text-sm text-gray-600">{run.summary}</p>
    </li>
  );
}

/**
 * Conversations/Automations: the team's automation rules for its inbox. Each, when its trigger
 * happens (a customer writes, a conversation is handed to a person) and all its conditions hold,
 * takes its actions: a priority, labels, a note, a handoff, a teammate. Owners, admins and editors
 * keep them; everyone who sees the inbox reads them and what they did lately.
 */
export default function Automations({ rules, recent_runs: runs, options, limits, can }: AutomationsProps) {
  const list = useManagedList<AutomationRule, AutomationForm>({
    blank: blankAutomation,
    dataOf: automationBody,
    urls: {
      store: route('automations.store'),
      update: (rule) => route('automations.update', { automation: rule.id }),
      destroy: (rule) => route('automations.destroy', { automation: rule.id }),
    },
    bags: { create: 'createAutomation', update: 'updateAutomation' },
  });
  const { createForm, editForm, deleteForm, editing, deleting } = list;
  const full = rules.length >= limits.perTeam;

  // A rule's switch sends its whole body, turned on or off; a refusal shows on its row.
  const [switching, setSwitching] = useState<number | null>(null);
  const [switchErrors, setSwitchErrors] = useState<Record<number, string>>({});
  const toggle = (rule: AutomationRule, enabled: boolean) =>
    router.put(
      route('automations.update', { automation: rule.id }),
      { ...automationBody(rule), enabled },
      {
        preserveScroll: true,
        errorBag: 'updateAutomation',
        onStart: () => setSwitching(rule.id),
        onFinish: () => setSwitching(null),
        onSuccess: () => setSwitchErrors(({ [rule.id]: _gone, ...rest }) => rest),
        onError: (errors) =>
          setSwitchErrors((current) => ({
            ...current,
            [rule.id]: Object.values(errors)[0] ?? 'The rule could not be changed.',
          })),
      },
    );

  // Up or down one place in the order the rules run.
  const [moving, setMoving] = useState<number | null>(null);
  const move = (rule: AutomationRule, direction: 'up' | 'down') =>
    router.put(
      route('automations.move', { automation: rule.id }),
      { direction },
      { preserveScroll: true, onStart: () => setMoving(rule.id), onFinish: () => setMoving(null) },
    );

  return (
    <>
      <Head title="Automations" />
      <PageHeader title="Automations">
        <InboxLink />
      </PageHeader>
      <div className="mx-auto max-w-7xl py-10 sm:px-6 lg:px-8">
        {can.manage && (
          <>
            <FormSection
              title="New rule"
              description="Rules sort the inbox as messages come in: when a customer writes “komplain” or “refund”, say, set priority High, add the label Keluhan and hand the conversation to a person."
              onSubmitted={list.create}
              actions={
                <>
                  <ActionMessage on={createForm.recentlySuccessful} className="me-3">
                    Saved.
                  </ActionMessage>
                  <PrimaryButton disabled={createForm.processing || full}>Save</PrimaryButton>
                </>
              }
            >
              <AutomationFields form={createForm} idPrefix="new-rule" options={options} limits={limits} />
              {full && (
                <p className="col-span-6 text-sm text-amber-700">
                  Your team keeps {limits.perTeam} rules, as many as it can. Delete one you no longer use to add
                  another.
                </p>
              )}
            </FormSection>
            <SectionBorder />
          </>
        )}

        <div className="mt-10 sm:mt-0">
          <ActionSection
            title="Your team’s rules"
            description={`${plural(rules.length, 'rule')} of ${limits.perTeam}. They run in the order listed, top first, each time their trigger happens. Every condition must hold for a rule to act, and each action is noted in the conversation’s thread.`}
          >
            {!can.manage && (
              <p className="mb-4 rounded-md bg-gray-50 px-3 py-2 text-sm text-gray-600">
                Owners, admins and editors change the rules; you can read them here.
              </p>
            )}
            {rules.length === 0 ? (
              <NoRules manage={can.manage} />
            ) : (
              <ol className="divide-y divide-gray-100" aria-label="Rules">
                {rules.map((rule, index) => (
                  <ManagedRow
                    key={rule.id}
                    actions={
                      can.manage ? (
                        <div className="flex shrink-0 items-start gap-4">
                          <MoveButtons
                            rule={rule}
                            first={index === 0}
                            last={index === rules.length - 1}
                            moving={moving === rule.id}
                            onMove={move}
                          />
                          <RowActions
                            name={rule.name}
                            onEdit={() => list.startEditing(rule)}
                            onDelete={() => list.startDeleting(rule)}
                          />
                        </div>
                      ) : null
                    }
                  >
                    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                      <span className="text-xs text-gray-400 tabular-nums" aria-hidden="true">
                        {index + 1}.
                      </span>
                      <h4 className="text-sm font-semibold text-gray-900">{rule.name}</h4>
                      {can.manage ? (
                        <Toggle
                          checked={rule.enabled}
                          onChange={(enabled) => toggle(rule, enabled)}
                          disabled={switching === rule.id}
                          label={rule.enabled ? 'On' : 'Off'}
                          accessibleLabel={`Run ${rule.name}`}
                          className="text-xs"
                        />
                      ) : (
                        !rule.enabled && <StatusBadge>Off</StatusBadge>
                      )}
                    </div>
                    <AutomationSentence
                      rule={rule}
                      options={options}
                      className={cn('mt-1 text-sm', rule.enabled ? 'text-gray-600' : 'text-gray-400')}
                    />
                    <p className="mt-1 text-xs text-gray-500">{activityOf(rule)}</p>
                    <InputError className="mt-2" message={switchErrors[rule.id]} />
                  </ManagedRow>
                ))}
              </ol>
            )}
          </ActionSection>
        </div>

        <SectionBorder />

        <div className="mt-10 sm:mt-0">
          <ActionSection title="Recent activity" description="The last 20 times a rule acted, newest first.">
            {runs.length === 0 ? (
              <p className="text-sm text-gray-600">No rule has acted yet.</p>
            ) : (
              <ul className="divide-y divide-gray-100" aria-label="Recent activity">
                {runs.map((run) => (
                  <RunItem key={run.id} run={run} />
                ))}
              </ul>
            )}
          </ActionSection>
        </div>
      </div>

      {can.manage && (
        <>
          <EditDialog
            show={editing !== null}
            onClose={list.stopEditing}
            title={editing ? `Edit ${editing.name}` : 'Edit rule'}
            onSave={list.update}
            processing={editForm.processing}
          >
            <AutomationFields
              key={editing?.id}
              form={editForm}
              idPrefix="edit-rule"
              options={options}
              limits={limits}
            />
          </EditDialog>

          <DeleteConfirmation
            show={deleting !== null}
            onClose={list.stopDeleting}
            title="Delete rule"
            onDelete={list.destroy}
            processing={deleteForm.processing}
          >
            Delete {deleting?.name}? It stops acting at once; what it already did to conversations stays.
          </DeleteConfirmation>
        </>
      )}
    </>
  );
}
