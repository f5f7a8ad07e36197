import { widgetLimits, type PreChatFieldName, type PreChatForm } from '../../../server/channels/web/protocol';
import { phoneE164 } from '../../../server/support/phone';
import type { PanelWords } from '../strings';
import { h } from './dom';

/**
 * The pre-chat form: the details a new visitor gives before their first message (WidgetConfig's
 * `preChat`, shown while SessionResponse's `detailsNeeded`). Checked here by the server's rules in
 * the widget's words, so that a visitor rarely meets the server's English 422; whatever the server
 * still refuses is shown under its field.
 */

export type PreChatAnswers = Partial<Record<PreChatFieldName, string>>;
export type PreChatErrors = Partial<Record<PreChatFieldName, string>>;

type Words = Pick<
  PanelWords,
  | 'preChatIntro'
  | 'fieldName'
  | 'fieldEmail'
  | 'fieldPhone'
  | 'optional'
  | 'startChat'
  | 'nameRequired'
  | 'emailRequired'
  | 'emailInvalid'
  | 'phoneRequired'
  | 'phoneInvalid'
>;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** What is wrong with the answers, by field, in the widget's words (empty: nothing). */
export function checkAnswers(form: PreChatForm, answers: PreChatAnswers, t: Words): PreChatErrors {
  const errors: PreChatErrors = {};
  for (const { name, required } of form.fields) {
    const value = answers[name]?.trim() ?? '';
    if (!value) {
      if (required) errors[name] = { name: t.nameRequired, email: t.emailRequired, phone: t.phoneRequired }[name];
    } else if (name === 'email' && !emailPattern.test(value)) {
      errors[name] = t.emailInvalid;
    } else if (name === 'phone' && !phoneE164(value)) {
      errors[name] = t.phoneInvalid;
    }
  }
  return errors;
}

const inputs: Record<PreChatFieldName, { type: string; autocomplete: string; inputmode?: string }> = {
  name: { type: 'text', autocomplete: 'name' },
  email: { type: 'email', autocomplete: 'email', inputmode: 'email' },
  phone: { type: 'tel', autocomplete: 'tel', inputmode: 'tel' },
};

export interface PreChatView {
  element: HTMLFormElement;
  /** Shows the errors under their fields and focuses the first; empty clears them. */
  showErrors(errors: PreChatErrors): void;
  setBusy(busy: boolean): void;
  focus(): void;
}

/** The form for `form`, in the widget's words; `submit` gets the answers once they pass the checks. */
export function preChatView(form: PreChatForm, t: Words, submit: (answers: PreChatAnswers) => void): PreChatView {
  const labels: Record<PreChatFieldName, string> = { name: t.fieldName, email: t.fieldEmail, phone: t.fieldPhone };
  const fields = form.fields.map(({ name, required }) => {
    const id = `kw-pre-${name}`;
    const input = h('input', {
      id,
      name,
      ...inputs[name],
      maxlength: widgetLimits[name],
      required,
      'aria-describedby': `${id}-error`,
    });
    const error = h('p', { class: 'kw-field-error', id: `${id}-error` });
    // A message goes as soon as the visitor changes what it was about.
    input.addEventListener('input', () => {
      error.textContent = '';
      input.removeAttribute('aria-invalid');
    });
    const label = h('label', { for: id }, labels[name], required ? null : h('span', {}, ` ${t.optional}`));
    return { name, input, error, element: h('div', { class: 'kw-field' }, label, input, error) };
  });
  const button = h('button', { type: 'submit', class: 'kw-button' }, t.startChat);
  const element = h(
    'form',
    { class: 'kw-prechat', novalidate: true },
    h('p', {}, form.message.trim() || t.preChatIntro),
    ...fields.map((field) => field.element),
    button,
  );

  function showErrors(errors: PreChatErrors) {
    let first: HTMLInputElement | null = null;
    for (const field of fields) {
      const message = errors[field.name] ?? '';
      field.error.textContent = message;
      if (message) field.input.setAttribute('aria-invalid', 'true');
      else field.input.removeAttribute('aria-invalid');
      if (message && !first) first = field.input;
    }
    (first as HTMLInputElement | null)?.focus();
  }

  element.addEventListener('submit', (event) => {
    event.preventDefault();
    const answers: PreChatAnswers = {};
    for (const field of fields) answers[field.name] = field.input.value.trim();
    const errors = checkAnswers(form, answers, t);
    showErrors(errors);
    if (Object.keys(errors).length === 0) submit(answers);
  });

  return {
    element,
    showErrors,
    setBusy(busy) {
      button.disabled = busy;
    },
    focus() {
      fields[0]?.input.focus();
    },
  };
}
