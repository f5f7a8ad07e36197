import { Fragment, type ReactNode } from 'react';
import { formatDate } from '@/lib/dates';
import { LabelChip } from './labels';
import { waitWords, type AutomationOptions } from './automation-rules';
import {
  automationTriggerLabels,
  contactFieldOperatorLabels,
  isTimed,
  type AutomationAction,
  type AutomationCondition,
  type AutomationTrigger,
} from '../../../../../server/domain/automations/rule-types';
import { priorityLabels } from '../../../../../server/domain/conversations/priority-labels';
import { handoffReasonLabel } from '../../../../../server/domain/conversations/handoff-reasons';

/** “a”, “b” or “c”. */
function either(items: readonly ReactNode[], empty: string): ReactNode {
  if (items.length === 0) return <span className="text-gray-500">{empty}</span>;
  return items.map((item, index) => (
    <Fragment key={index}>
      {index === 0 ? '' : index === items.length - 1 ? ' or ' : ', '}
      {item}
    </Fragment>
  ));
}

const quoted = (word: string) => `“${word}”`;

/** A contact field's value as the sentence says it: Yes, a date in words, a text in quotes. */
function fieldValueWords(type: AutomationOptions['fields'][number]['type'] | undefined, value: string): string {
  if (type === 'yes_no') return value === 'yes' ? 'Yes' : value === 'no' ? 'No' : quoted(value);
  if (type === 'date') return formatDate(value) || quoted(value);
  if (type === 'number') return value;
  return quoted(value);
}

/** A condition as the part of the sentence after “and”. */
export function conditionWords(condition: AutomationCondition, options: AutomationOptions): ReactNode {
  switch (condition.type) {
    case 'message_contains':
      return <>the message contains {either(condition.words.map(quoted), '(no words yet)')}</>;
    case 'message_not_contains':
      return <>the message does not contain {either(condition.words.map(quoted), '(no words yet)')}</>;
    case 'first_message':
      return <>it is the first message of a new conversation</>;
    case 'channel':
      return (
        <>
          the channel is{' '}
          {either(
            condition.channel_ids.map(
              (id) => options.channels.find((channel) => channel.id === id)?.name ?? '(deleted channel)',
            ),
            '(no channel chosen)',
          )}
        </>
      );
    case 'contact_field': {
      const field = options.fields.find((candidate) => candidate.key === condition.key);
      const operator = contactFieldOperatorLabels[condition.operator];
      const takesValue = condition.operator !== 'is_set' && condition.operator !== 'is_not_set';
      return (
        <>
          the contact’s {field?.label ?? '(deleted field)'} {operator}
          {takesValue && ` ${fieldValueWords(field?.type, condition.value ?? '')}`}
        </>
      );
    }
    case 'waited':
      return <>it has waited at least {waitWords(condition.minutes)}</>;
    case 'handoff_reason':
      return (
        <>
          the reason for the handoff is{' '}
          {either(
            condition.reasons.map(
              (reason) =>
                options.handoff_reasons.find((option) => option.value === reason)?.label ?? handoffReasonLabel(reason),
            ),
            '(no reason chosen)',
          )}
        </>
      );
  }
}

/** An action as the part of the sentence after the colon. */
export function actionWords(action: AutomationAction, options: AutomationOptions): ReactNode {
  switch (action.type) {
    case 'add_labels':
      return (
        <>
          add {action.label_ids.length === 1 ? 'label' : 'labels'}{' '}
          {action.label_ids.length === 0 ? (
            <span className="text-gray-500">(no label chosen)</span>
          ) : (
            action.label_ids.map((id, index) => {
              const label = options.labels.find((candidate) => candidate.id === id);
              return (
                <Fragment key={id}>
                  {index > 0 && ' '}
                  {label ? <LabelChip label={label} /> : <span className="text-gray-500">(deleted label)</span>}
                </Fragment>
              );
            })
          )}
        </>
      );
    case 'set_priority':
      return (
        <>
          set priority{' '}
          <strong className="font-semibold text-gray-900">
            {options.priorities.find((priority) => priority.value === action.priority)?.label ??
              priorityLabels[action.priority] ??
              action.priority}
          </strong>
        </>
      );
    case 'add_note':
    case 'send_message': {
      const text = action.text.length > 80 ? `${action.text.slice(0, 79)}…` : action.text;
      return (
        <>
          {action.type === 'add_note' ? 'add the note' : 'send the customer'}{' '}
          <span className="text-gray-900">{quoted(text)}</span>
        </>
      );
    }
    case 'hand_off':
      return <>hand to a person</>;
    case 'assign':
      return (
        <>
          assign to{' '}
          <strong className="font-semibold text-gray-900">
            {options.members.find((member) => member.id === action.user_id)?.name ?? '(removed teammate)'}
          </strong>
        </>
      );
  }
}

/** The trigger as it starts the sentence: “When a customer writes”. */
export function triggerWords(trigger: AutomationTrigger): string {
  const label = automationTriggerLabels[trigger];
  return label.charAt(0).toLowerCase() + label.slice(1);
}

/**
 * A rule as one sentence: “When **a customer writes** and **the message contains “komplain” or
 * “refund”**: set priority **High**, add label [Keluhan], hand to a person.”
 */
export default function AutomationSentence({
  rule,
  options,
  className,
}: {
  rule: { trigger: AutomationTrigger; conditions: AutomationCondition[]; actions: AutomationAction[] };
  options: AutomationOptions;
  className?: string;
}) {
  // A timed rule's wait is part of its trigger: “When a conversation has waited for a person 15 minutes”.
  const wait = isTimed(rule.trigger) ? rule.conditions.find((c) => c.type === 'waited') : undefined;
  const conditions = wait ? rule.conditions.filter((condition) => condition !== wait) : rule.conditions;
  return (
    <p className={className}>
      When{' '}
      <strong className="font-semibold text-gray-900">
        {triggerWords(rule.trigger)}
        {wait?.type === 'waited' && ` ${waitWords(wait.minutes)}`}
      </strong>
      {conditions.map((condition, index) => (
        <Fragment key={index}>
          {' and '}
          <strong className="font-semibold text-gray-900">{conditionWords(condition, options)}</strong>
        </Fragment>
      ))}
      {': '}
      {rule.actions.length === 0 ? (
        <span className="text-gray-500">nothing yet</span>
      ) : (
        rule.actions.map((action, index) => (
          <Fragment key={index}>
            {index > 0 && ', '}
            {actionWords(action, options)}
          </Fragment>
        ))
      )}
      .
    </p>
  );
}
