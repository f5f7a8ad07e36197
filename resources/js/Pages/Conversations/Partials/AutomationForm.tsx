import { useId, useState, type ReactNode } from 'react';
import { Link, type useForm } from '@inertiajs/react';
import Checkbox from '@/Components/Checkbox';
import InputError from '@/Components/InputError';
import InputLabel from '@/Components/InputLabel';
import SelectField from '@/Components/SelectField';
import TextAreaField from '@/Components/TextAreaField';
import TextField from '@/Components/TextField';
import TextInput from '@/Components/TextInput';
import Toggle from '@/Components/Toggle';
import { fieldProps } from '@/lib/form-field';
import { plural } from '@/lib/plural';
import { route } from '@/lib/route';
import AutomationSentence from './AutomationSentence';
import { LabelChip } from './labels';
import {
  actionTypesToAdd,
  blankAction,
  blankCondition,
  conditionTypesToAdd,
  contactFieldCondition,
  operatorsFor,
  operatorTakesValue,
  parseWords,
  sameWords,
  toggled,
  waitWords,
  withTrigger,
  type AutomationForm,
  type AutomationLimitsProps,
  type AutomationOptions,
} from './automation-rules';
import {
  automationActionLabels,
  automationConditionLabels,
  automationTriggerHints,
  automationTriggerLabels,
  automationTriggers,
  contactFieldOperatorLabels,
  type AutomationAction,
  type AutomationCondition,
  type AutomationTrigger,
  type ContactFieldOperator,
} from '../../../../../server/domain/automations/rule-types';

type Form = ReturnType<typeof useForm<AutomationForm>>;
/** The server's messages, by field: `name`, `conditions.0.words`, `actions.1.priority`… */
type Errors = Record<string, string | undefined>;

const smallLink = 'text-sm text-gray-600 underline hover:text-gray-900';

/** A condition's or an action's card: its kind, Remove, then its inputs and its messages. */
function ItemCard({
  title,
  removeLabel,
  onRemove,
  children,
}: {
  title: string;
  removeLabel: string;
  onRemove: () => void;
  children?: ReactNode;
}) {
  const titleId = useId();
  return (
    <li role="group" aria-labelledby={titleId} className="rounded-md border border-gray-200 bg-gray-50/50 p-4">
      <div className="flex items-start justify-between gap-4">
        <h4 id={titleId} className="text-sm font-medium text-gray-900">
          {title}
        </h4>
        <button
          type="button"
          className="cursor-pointer text-sm text-gray-500 underline hover:text-gray-700"
          onClick={onRemove}
          aria-label={removeLabel}
        >
          Remove
        </button>
      </div>
      {children && <div className="mt-3 space-y-3">{children}</div>}
    </li>
  );
}

/** Buttons that add a condition or an action of a kind ("Add condition": Message contains, Channel is…). */
function AddButtons<Type extends string>({
  label,
  types,
  labels,
  onAdd,
}: {
  label: string;
  types: Type[];
  labels: Record<Type, string>;
  onAdd: (type: Type) => void;
}) {
  if (types.length === 0) return null;
  return (
    <div role="group" aria-label={label} className="mt-3 flex flex-wrap items-center gap-2">
      <span aria-hidden="true" className="text-sm text-gray-600">
        {label}:
      </span>
      {types.map((type) => (
        <button
          key={type}
          type="button"
          onClick={() => onAdd(type)}
          className="inline-flex cursor-pointer items-center gap-1 rounded-full bg-white px-3 py-1 text-xs font-medium text-gray-700 shadow-xs ring-1 ring-gray-300 ring-inset hover:bg-gray-50 focus:ring-2 focus:ring-indigo-500 focus:outline-hidden"
        >
          <span aria-hidden="true">+</span>
          {labels[type]}
        </button>
      ))}
    </div>
  );
}

/** Checkboxes for a set of ids or codes, in a fieldset named `legend`. */
function CheckboxGroup<Value extends string | number>({
  legend,
  choices,
  selected,
  onChange,
  error,
  errorId,
  id,
}: {
  legend: string;
  choices: Array<{ value: Value; label: ReactNode }>;
  selected: readonly Value[];
  onChange: (selected: Value[]) => void;
  error?: string;
  errorId: string;
  id: string;
}) {
  return (
    <fieldset aria-describedby={errorId} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium text-gray-700">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
        {choices.map((choice) => (
          <label
            key={String(choice.value)}
            className="inline-flex cursor-pointer items-center gap-2 text-sm text-gray-700"
          >
            <Checkbox
              id={`${id}-${choice.value}`}
              checked={selected.includes(choice.value)}
              onChange={(event) => onChange(toggled(selected, choice.value, event.target.checked))}
            />
            {choice.label}
          </label>
        ))}
      </div>
      <InputError id={errorId} className="mt-2" message={error} />
    </fieldset>
  );
}

/**
 * Words and phrases as one text, comma-separated; the form holds them as a list. What is typed is
 * kept as typed (a trailing comma, spaces) while it says the same words, and follows the form when
 * the form changes otherwise (a reset after saving).
 */
function WordsField({
  id,
  words,
  onChange,
  error,
  limits,
}: {
  id: string;
  words: string[];
  onChange: (words: string[]) => void;
  error?: string;
  limits: AutomationLimitsProps;
}) {
  const [text, setText] = useState(() => words.join(', '));
  const [synced, setSynced] = useState(words);
  if (words !== synced) {
    setSynced(words);
    if (!sameWords(parseWords(text), words)) setText(words.join(', '));
  }
  return (
    <TextField
      id={id}
      label="Words or phrases"
      value={text}
      onChange={(value) => {
        setText(value);
        onChange(parseWords(value));
      }}
      error={error}
      autoComplete="off"
      maxLength={limits.words * (limits.word + 2)}
      placeholder="komplain, refund, barang rusak"
      hint={`Separated by commas; any of them, whatever their case. Up to ${limits.words}, each up to ${limits.word} characters.`}
    />
  );
}

/** A contact field's condition: the field, the comparison, and a value of the field's kind. */
function ContactFieldInputs({
  id,
  condition,
  onChange,
  errors,
  options,
  limits,
}: {
  id: string;
  condition: Extract<AutomationCondition, { type: 'contact_field' }>;
  onChange: (condition: AutomationCondition) => void;
  errors: (key: string) => string | undefined;
  options: AutomationOptions;
  limits: AutomationLimitsProps;
}) {
  const fields = options.fields;
  if (fields.length === 0) {
    return (
      <div>
        <p className="text-sm text-gray-600">
          Your team has no contact fields yet.{' '}
          <Link href={route('contacts.fields.index')} className={smallLink}>
            Add contact fields
          </Link>
        </p>
        <InputError className="mt-2" message={errors('key')} />
      </div>
    );
  }
  const field = fields.find((candidate) => candidate.key === condition.key);
  const value = condition.value ?? '';
  const valueId = `${id}-value`;
  const valueError = errors('value');

  let valueInput: ReactNode = null;
  if (operatorTakesValue(condition.operator)) {
    const setValue = (next: string) => onChange(contactFieldCondition(fields, condition.key, condition.operator, next));
    if (field?.type === 'list' || field?.type === 'yes_no') {
      const choices =
        field.type === 'list'
          ? field.choices.map((choice) => ({ value: choice, label: choice }))
          : [
              { value: 'yes', label: 'Yes' },
              { value: 'no', label: 'No' },
            ];
      if (value !== '' && !choices.some((choice) => choice.value === value)) {
        choices.unshift({ value, label: `${value} (no longer offered)` });
      }
      valueInput = (
        <SelectField id={valueId} label="Value" value={value} onChange={setValue} error={valueError}>
          {value === '' && <option value="">Choose…</option>}
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </SelectField>
      );
    } else {
      valueInput = (
        <div>
          <InputLabel htmlFor={valueId}>Value</InputLabel>
          <TextInput
            id={valueId}
            type={field?.type === 'date' ? 'date' : 'text'}
            inputMode={field?.type === 'number' ? 'decimal' : undefined}
            className="mt-1 block w-full"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            maxLength={limits.value}
            autoComplete="off"
            aria-invalid={valueError ? true : undefined}
            aria-describedby={`${valueId}-error`}
          />
          <InputError id={`${valueId}-error`} className="mt-2" message={valueError} />
        </div>
      );
    }
  }

  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <SelectField
        id={`${id}-key`}
        label="Field"
        value={condition.key}
        onChange={(key) => onChange(contactFieldCondition(fields, key, condition.operator, undefined))}
        error={errors('key')}
      >
        {!field && <option value={condition.key}>{condition.key === '' ? 'Choose…' : '(deleted field)'}</option>}
        {fields.map((candidate) => (
          <option key={candidate.key} value={candidate.key}>
            {candidate.label}
          </option>
        ))}
      </SelectField>
      <SelectField
        id={`${id}-operator`}
        label="Comparison"
        value={condition.operator}
        onChange={(operator) =>
          onChange(
            contactFieldCondition(
              fields,
              condition.key,
              operator as ContactFieldOperator,
              operatorTakesValue(condition.operator) ? condition.value : undefined,
            ),
          )
        }
        error={errors('operator')}
      >
        {operatorsFor(field).map((operator) => (
          <option key={operator} value={operator}>
            {contactFieldOperatorLabels[operator]}
          </option>
        ))}
      </SelectField>
      {valueInput}
    </div>
  );
}

/** A condition's inputs, by its kind. */
function ConditionInputs({
  id,
  trigger,
  condition,
  onChange,
  errors,
  options,
  limits,
}: {
  id: string;
  trigger: AutomationTrigger;
  condition: AutomationCondition;
  onChange: (condition: AutomationCondition) => void;
  errors: (key: string) => string | undefined;
  options: AutomationOptions;
  limits: AutomationLimitsProps;
}) {
  switch (condition.type) {
    case 'message_contains':
    case 'message_not_contains':
      return (
        <WordsField
          id={`${id}-words`}
          words={condition.words}
          onChange={(words) => onChange({ type: condition.type, words })}
          error={errors('words')}
          limits={limits}
        />
      );
    case 'first_message':
      return <p className="text-sm text-gray-600">Only a new conversation’s first message, not the ones after it.</p>;
    case 'channel': {
      const known = new Set(options.channels.map((channel) => channel.id));
      const stale = condition.channel_ids.filter((channelId) => !known.has(channelId));
      if (options.channels.length === 0 && stale.length === 0) {
        return (
          <div>
            <p className="text-sm text-gray-600">Your team has no channels yet.</p>
            <InputError className="mt-2" message={errors('channel_ids')} />
          </div>
        );
      }
      return (
        <CheckboxGroup
          id={`${id}-channel`}
          legend="Channels"
          choices={[
            ...options.channels.map((channel) => ({ value: channel.id, label: channel.name })),
            ...stale.map((channelId) => ({ value: channelId, label: '(deleted channel)' })),
          ]}
          selected={condition.channel_ids}
          onChange={(channel_ids) => onChange({ type: 'channel', channel_ids })}
          error={errors('channel_ids')}
          errorId={`${id}-channel-error`}
        />
      );
    }
    case 'contact_field':
      return (
        <ContactFieldInputs
          id={id}
          condition={condition}
          onChange={onChange}
          errors={errors}
          options={options}
          limits={limits}
        />
      );
    case 'waited':
      return (
        <div>
          <InputLabel htmlFor={`${id}-minutes`}>Minutes</InputLabel>
          <div className="mt-1 flex items-center gap-3">
            <TextInput
              id={`${id}-minutes`}
              type="number"
              min={1}
              max={limits.waitedMinutes}
              className="block w-32"
              value={Number.isFinite(condition.minutes) ? String(condition.minutes) : ''}
              onChange={(event) => onChange({ type: 'waited', minutes: Number.parseInt(event.target.value, 10) })}
              aria-describedby={`${id}-minutes-hint`}
            />
            <span id={`${id}-minutes-hint`} className="text-sm text-gray-600">
              {trigger === 'reply_waiting'
                ? Number.isFinite(condition.minutes) && condition.minutes > 0
                  ? `${waitWords(condition.minutes)} without a reply, once each time the customer waits`
                  : 'without a reply'
                : Number.isFinite(condition.minutes) && condition.minutes > 0
                  ? `${waitWords(condition.minutes)} after the handoff, once`
                  : 'after the handoff'}
            </span>
          </div>
          <InputError className="mt-2" message={errors('minutes')} />
        </div>
      );
    case 'handoff_reason':
      return (
        <CheckboxGroup
          id={`${id}-reason`}
          legend="Reasons"
          choices={options.handoff_reasons.map((reason) => ({ value: reason.value, label: reason.label }))}
          selected={condition.reasons}
          onChange={(reasons) => onChange({ type: 'handoff_reason', reasons })}
          error={errors('reasons')}
          errorId={`${id}-reason-error`}
        />
      );
  }
}

/** An action's inputs, by its kind. */
function ActionInputs({
  id,
  action,
  onChange,
  errors,
  options,
  limits,
}: {
  id: string;
  action: AutomationAction;
  onChange: (action: AutomationAction) => void;
  errors: (key: string) => string | undefined;
  options: AutomationOptions;
  limits: AutomationLimitsProps;
}) {
  switch (action.type) {
    case 'add_labels': {
      const known = new Set(options.labels.map((label) => label.id));
      const stale = action.label_ids.filter((labelId) => !known.has(labelId));
      if (options.labels.length === 0 && stale.length === 0) {
        return (
          <div>
            <p className="text-sm text-gray-600">
              Your team has no labels yet.{' '}
              <Link href={route('labels.index')} className={smallLink}>
                Add labels
              </Link>
            </p>
            <InputError className="mt-2" message={errors('label_ids')} />
          </div>
        );
      }
      return (
        <CheckboxGroup
          id={`${id}-label`}
          legend="Labels"
          choices={[
            ...options.labels.map((label) => ({ value: label.id, label: <LabelChip label={label} /> })),
            ...stale.map((labelId) => ({ value: labelId, label: '(deleted label)' })),
          ]}
          selected={action.label_ids}
          onChange={(label_ids) => onChange({ type: 'add_labels', label_ids })}
          error={errors('label_ids')}
          errorId={`${id}-label-error`}
        />
      );
    }
    case 'set_priority':
      return (
        <SelectField
          id={`${id}-priority`}
          label="Priority"
          className="sm:max-w-xs"
          value={action.priority}
          onChange={(priority) => onChange({ type: 'set_priority', priority: priority as typeof action.priority })}
          error={errors('priority')}
        >
          {options.priorities.map((priority) => (
            <option key={priority.value} value={priority.value}>
              {priority.label}
            </option>
          ))}
        </SelectField>
      );
    case 'add_note':
    case 'send_message': {
      const note = action.type === 'add_note';
      return (
        <TextAreaField
          id={`${id}-text`}
          label={note ? 'Note' : 'Message'}
          rows={3}
          value={action.text}
          onChange={(text) => onChange({ type: action.type, text })}
          error={errors('text')}
          maxLength={note ? limits.note : limits.message}
          hint={
            note
              ? 'For your team, in the conversation’s thread; never sent to the customer.'
              : 'Sent by the bot through the conversation’s channel (on WhatsApp, only within 24 hours of the customer’s last message). Variables as in saved replies: {{contact.first_name | Kak}}.'
          }
        />
      );
    }
    case 'hand_off':
      return (
        <p className="text-sm text-gray-600">
          The bot says its handoff message and the conversation waits for a person, instead of answering.
        </p>
      );
    case 'assign': {
      const known = options.members.some((member) => member.id === action.user_id);
      if (options.members.length === 0 && !known) {
        return (
          <div>
            <p className="text-sm text-gray-600">Nobody in your team answers conversations yet.</p>
            <InputError className="mt-2" message={errors('user_id')} />
          </div>
        );
      }
      return (
        <SelectField
          id={`${id}-user`}
          label="Teammate"
          className="sm:max-w-xs"
          value={action.user_id === 0 ? '' : String(action.user_id)}
          onChange={(userId) => onChange({ type: 'assign', user_id: Number(userId) })}
          error={errors('user_id')}
        >
          {action.user_id === 0 && <option value="">Choose…</option>}
          {!known && action.user_id !== 0 && <option value={String(action.user_id)}>(removed teammate)</option>}
          {options.members.map((member) => (
            <option key={member.id} value={String(member.id)}>
              {member.name}
            </option>
          ))}
        </SelectField>
      );
    }
  }
}

/**
 * A rule's conditions or actions: each a card with its inputs and its messages (`conditions.2.value`
 * under its input, `conditions.2` and `conditions.2.type` under the card, `conditions` under the
 * list), then the buttons that add one of the kinds the trigger offers, up to the limit.
 */
function PartsSection<Type extends string, Item extends { type: Type }>({
  id,
  title,
  hint,
  part,
  items,
  labels,
  errors,
  errorKey,
  full,
  fullText,
  addLabel,
  addTypes,
  onAdd,
  onRemove,
  inputs,
}: {
  id: string;
  title: string;
  hint: string;
  part: 'condition' | 'action';
  items: Item[];
  labels: Record<Type, string>;
  errors: Errors;
  errorKey: 'conditions' | 'actions';
  full: boolean;
  fullText: string;
  addLabel: string;
  addTypes: Type[];
  onAdd: (type: Type) => void;
  onRemove: (index: number) => void;
  inputs: (item: Item, index: number) => ReactNode;
}) {
  return (
    <section className="col-span-6" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-sm font-medium text-gray-700">
        {title}
      </h3>
      <p className="mt-1 text-xs text-gray-500">{hint}</p>
      {items.length > 0 && (
        <ul className="mt-3 space-y-3" aria-label={title}>
          {items.map((item, index) => (
            <ItemCard
              key={index}
              title={labels[item.type]}
              removeLabel={`Remove ${part} ${index + 1}: ${labels[item.type]}`}
              onRemove={() => onRemove(index)}
            >
              {inputs(item, index)}
              <InputError
                message={errors[`${errorKey}.${index}`] ?? errors[`${errorKey}.${index}.type`]}
                className="mt-2"
              />
            </ItemCard>
          ))}
        </ul>
      )}
      <InputError className="mt-2" message={errors[errorKey]} />
      {full ? (
        <p className="mt-3 text-sm text-gray-600">{fullText}</p>
      ) : (
        <AddButtons label={addLabel} types={addTypes} labels={labels} onAdd={onAdd} />
      )}
    </section>
  );
}

/**
 * A rule's name, trigger, conditions, actions and switch: the same for a new rule and a change,
 * on the form grid. Conditions and actions the trigger does not offer are neither offered nor
 * kept when the trigger changes.
 */
export default function AutomationFields({
  form,
  idPrefix,
  options,
  limits,
}: {
  form: Form;
  idPrefix: string;
  options: AutomationOptions;
  limits: AutomationLimitsProps;
}) {
  const errors = form.errors as Errors;
  const { data } = form;
  // What a change of trigger removed, said until the conditions or the actions change again.
  const [dropped, setDropped] = useState<{
    message: string;
    conditions: AutomationCondition[];
    actions: AutomationAction[];
  } | null>(null);
  const droppedMessage =
    dropped && dropped.conditions === data.conditions && dropped.actions === data.actions ? dropped.message : '';

  const changeTrigger = (trigger: AutomationTrigger) => {
    const next = withTrigger(data, trigger);
    form.setData(next.data);
    setDropped(
      next.dropped.length === 0
        ? null
        : {
            message: `Removed, as “${automationTriggerLabels[trigger]}” does not offer them: ${next.dropped.join(', ')}.`,
            conditions: next.data.conditions,
            actions: next.data.actions,
          },
    );
  };
  const setConditions = (change: (conditions: AutomationCondition[]) => AutomationCondition[]) =>
    form.setData((current) => ({ ...current, conditions: change(current.conditions) }));
  const setActions = (change: (actions: AutomationAction[]) => AutomationAction[]) =>
    form.setData((current) => ({ ...current, actions: change(current.actions) }));

  const conditionTypes = conditionTypesToAdd(data.trigger, data.conditions);
  const actionTypes = actionTypesToAdd(data.trigger, data.actions);

  return (
    <>
      <TextField
        label="Name"
        className="col-span-6 sm:col-span-4"
        {...fieldProps(form, 'name')}
        id={`${idPrefix}-name`}
        autoComplete="off"
        maxLength={limits.name}
        hint="For your team, as the list and the thread’s notes name it: “Complaints to a person”."
      />

      <div className="col-span-6 sm:col-span-4">
        <SelectField
          id={`${idPrefix}-trigger`}
          label="When"
          value={data.trigger}
          onChange={(trigger) => changeTrigger(trigger as AutomationTrigger)}
          error={errors.trigger}
          hint={automationTriggerHints[data.trigger]}
        >
          {automationTriggers.map((trigger) => (
            <option key={trigger} value={trigger}>
              {automationTriggerLabels[trigger]}
            </option>
          ))}
        </SelectField>
        <p role="status" className="mt-2 text-sm text-amber-700 empty:hidden">
          {droppedMessage}
        </p>
      </div>

      <PartsSection
        id={`${idPrefix}-conditions`}
        title="Conditions"
        hint="Every condition must hold. Without any, the rule acts each time."
        part="condition"
        items={data.conditions}
        labels={automationConditionLabels}
        errors={errors}
        errorKey="conditions"
        full={data.conditions.length >= limits.conditions}
        fullText={`A rule has up to ${plural(limits.conditions, 'condition')}.`}
        addLabel="Add condition"
        addTypes={conditionTypes}
        onAdd={(type) => setConditions((conditions) => [...conditions, blankCondition(type, options)])}
        onRemove={(index) => setConditions((conditions) => conditions.filter((_, at) => at !== index))}
        inputs={(condition, index) => (
          <ConditionInputs
            id={`${idPrefix}-condition-${index}`}
            trigger={data.trigger}
            condition={condition}
            onChange={(next) =>
              setConditions((conditions) => conditions.map((each, at) => (at === index ? next : each)))
            }
            errors={(key) => errors[`conditions.${index}.${key}`]}
            options={options}
            limits={limits}
          />
        )}
      />

      <PartsSection
        id={`${idPrefix}-actions`}
        title="Actions"
        hint="Taken in this order, each noted in the conversation’s thread."
        part="action"
        items={data.actions}
        labels={automationActionLabels}
        errors={errors}
        errorKey="actions"
        full={data.actions.length >= limits.actions}
        fullText={`A rule takes up to ${plural(limits.actions, 'action')}.`}
        addLabel="Add action"
        addTypes={actionTypes}
        onAdd={(type) => setActions((actions) => [...actions, blankAction(type, options)])}
        onRemove={(index) => setActions((actions) => actions.filter((_, at) => at !== index))}
        inputs={(action, index) => (
          <ActionInputs
            id={`${idPrefix}-action-${index}`}
            action={action}
            onChange={(next) => setActions((actions) => actions.map((each, at) => (at === index ? next : each)))}
            errors={(key) => errors[`actions.${index}.${key}`]}
            options={options}
            limits={limits}
          />
        )}
      />

      {(data.conditions.length > 0 || data.actions.length > 0) && (
        <div className="col-span-6 rounded-md bg-gray-50 px-4 py-3 text-sm text-gray-600">
          <span className="font-medium text-gray-700">It reads:</span>{' '}
          <AutomationSentence rule={data} options={options} className="inline" />
        </div>
      )}

      <div className="col-span-6">
        <Toggle checked={data.enabled} onChange={(enabled) => form.setData('enabled', enabled)} label="Turned on" />
        <p className="mt-1 text-xs text-gray-500">Turned off, the rule is kept but does nothing.</p>
        <InputError className="mt-2" message={errors.enabled} />
      </div>
    </>
  );
}
