/**
 * WhatsApp message templates as an agent fills them in: which values a template asks for (the
 * header's and body's `{{1}}` or `{{customer_name}}` placeholders, a URL button's variable ending, a
 * copy-code button's code, a media header's file), the values checked as Meta checks them, and the
 * template message's `components` built from them with the text the customer reads.
 *
 * Pure: no database, no HTTP. The Graph API client lists and sends (client.ts); the conversation's
 * reply action stores what this builds (domain/conversations/conversation-actions.ts).
 */
import { ValidationError } from '../../support/errors';
import type { ParameterFormat, TemplateComponent, TemplateSendComponent } from './client';
export type HeaderMedia = 'image' | 'video' | 'document';

/** A synced template as Kawan keeps it (whatsapp_templates). */
export interface TemplateDefinition {
  name: string;
  language: string;
  category: string;
  parameterFormat: ParameterFormat;
  components: TemplateComponent[];
}

/** One value an agent gives: its form key (`header_1`, `body_customer_name`, `button_0`) and how it is asked. */
export interface TemplateField {
  key: string;
  part: 'header' | 'body' | 'button';
  /** A word for the text, the variable end of a link, or a code to copy. */
  kind: 'text' | 'url' | 'code';
  /** As the template writes it: `{{1}}`, `{{customer_name}}`; a button's is its label. */
  placeholder: string;
  label: string;
  /** The example Meta approved the template with, when it has one (a link button's: its variable end). */
  example: string | null;
  /** What the value completes: a link button's fixed start. */
  hint: string | null;
  maxLength: number;
}

export interface TemplateButton {
  type: string;
  text: string;
  url?: string;
  phone?: string;
}

/** What the picker shows and asks for, and whether Kawan can send the template at all. */
export interface TemplateShape {
  /** Why an agent cannot send it from the inbox, or null. */
  unsendable: string | null;
  headerText: string | null;
  headerMedia: HeaderMedia | null;
  body: string;
  footer: string | null;
  buttons: TemplateButton[];
  fields: TemplateField[];
}

/** What a filled template sends and shows. */
export interface FilledTemplate {
  /** header, body and footer with the values in: the thread's copy of what the customer reads. */
  text: string;
  /** The template message's components, without the media header's (the file is uploaded when sent). */
  components: TemplateSendComponent[];
  headerMedia: HeaderMedia | null;
}

/** The template as a message stores it, for its send job. */
export interface MessageTemplate {
  name: string;
  language: string;
  components: TemplateSendComponent[];
  headerMedia: HeaderMedia | null;
}

/** Meta's limits: a text header is 60 characters in all, a body parameter 1,024, a coupon code 15. */
const HEADER_MAX = 60;
const BODY_PARAMETER_MAX = 1024;
const URL_SUFFIX_MAX = 2000;
const COUPON_MAX = 15;

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;
const HAS_PLACEHOLDER = /\{\{\s*[A-Za-z0-9_]+\s*\}\}/;
const MEDIA_FORMATS: Record<string, HeaderMedia> = { IMAGE: 'image', VIDEO: 'video', DOCUMENT: 'document' };
/** Buttons that need nothing at send time. */
const PLAIN_BUTTONS = new Set(['QUICK_REPLY', 'PHONE_NUMBER', 'VOICE_CALL']);

const componentOf = (template: TemplateDefinition, type: string) =>
  template.components.find((component) => component.type.toUpperCase() === type);

/** The placeholders of a text in the order they are sent: by number when positional, as written when named. */
function placeholders(text: string, format: ParameterFormat): string[] {
  const names = [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1]))];
  return format === 'POSITIONAL' ? names.sort((a, b) => Number(a) - Number(b)) : names;
}

/** The approved example of a header's or body's placeholder, by position or by name. */
function exampleOf(
  component: TemplateComponent,
  part: 'header' | 'body',
  name: string,
  position: number,
): string | null {
  const example = component.example;
  if (!example) return null;
  const named = example[`${part}_text_named_params`];
  if (Array.isArray(named)) {
    const found = named.find((item) => item?.param_name === name);
    return typeof found?.example === 'string' ? found.example : null;
  }
  const positional = example[`${part}_text`];
  const values = part === 'body' && Array.isArray(positional?.[0]) ? positional[0] : positional;
  const value = Array.isArray(values) ? values[position] : undefined;
  return typeof value === 'string' ? value : null;
}

/** Reads a template for the picker: its parts, the values it needs, or why it cannot be sent here. */
export function templateShape(template: TemplateDefinition): TemplateShape {
  const format = template.parameterFormat;
  const header = componentOf(template, 'HEADER');
  const body = componentOf(template, 'BODY');
  const footer = componentOf(template, 'FOOTER');
  const buttons = componentOf(template, 'BUTTONS')?.buttons ?? [];
  const fields: TemplateField[] = [];
  let unsendable: string | null = null;

  if (template.category.toUpperCase() === 'AUTHENTICATION') {
    unsendable = 'Authentication templates carry one-time codes: your own systems send them.';
  }
  const other = template.components.find(
    (component) => !['HEADER', 'BODY', 'FOOTER', 'BUTTONS'].includes(component.type.toUpperCase()),
  );
  if (other) unsendable ??= `Its ${other.type.toLowerCase().replace(/_/g, ' ')} part cannot be filled in from Kawan.`;

  const headerFormat = (header?.format ?? (header ? 'TEXT' : '')).toUpperCase();
  const headerMedia = MEDIA_FORMATS[headerFormat] ?? null;
  if (header && headerFormat !== 'TEXT' && !headerMedia) {
    unsendable ??= `Its ${headerFormat.toLowerCase()} header cannot be filled in from Kawan.`;
  }
  const headerText = headerFormat === 'TEXT' ? (header?.text ?? '') : null;
  /** The placeholders of the header's or body's text, each a value to give. */
  const textFields = (component: TemplateComponent, part: 'header' | 'body', text: string, maxLength: number) =>
    placeholders(text, format).forEach((name, position) =>
      fields.push({
        key: `${part}_${name}`,
        part,
        kind: 'text',
        placeholder: `{{${name}}}`,
        label: `${part === 'header' ? 'Header' : 'Body'} {{${name}}}`,
        example: exampleOf(component, part, name, position),
        hint: null,
        maxLength,
      }),
    );
  if (header && headerText !== null) textFields(header, 'header', headerText, HEADER_MAX);
  const bodyText = body?.text ?? '';
  if (body) textFields(body, 'body', bodyText, BODY_PARAMETER_MAX);
  buttons.forEach((button, index) => {
    const type = (button.type ?? '').toUpperCase();
    const text = button.text ?? '';
    if (type === 'URL') {
      if (!button.url || !HAS_PLACEHOLDER.test(button.url)) return;
      // Meta's example is the whole link; the agent gives only what follows the fixed start.
      const start = button.url.slice(0, button.url.search(HAS_PLACEHOLDER));
      const example = Array.isArray(button.example) && typeof button.example[0] === 'string' ? button.example[0] : null;
      fields.push({
        key: `button_${index}`,
        part: 'button',
        kind: 'url',
        placeholder: text,
        label: `Link of the “${text}” button`,
        example: example?.startsWith(start) && example.length > start.length ? example.slice(start.length) : example,
        hint: `The end of ${start}…`,
        maxLength: URL_SUFFIX_MAX,
      });
    } else if (type === 'COPY_CODE') {
      fields.push({
        key: `button_${index}`,
        part: 'button',
        kind: 'code',
        placeholder: text || 'Copy code',
        label: 'Code the customer copies',
        example: Array.isArray(button.example) && typeof button.example[0] === 'string' ? button.example[0] : null,
        hint: null,
        maxLength: COUPON_MAX,
      });
    } else if (!PLAIN_BUTTONS.has(type)) {
      unsendable ??= `Its ${type.toLowerCase().replace(/_/g, ' ')} button cannot be filled in from Kawan.`;
    }
  });
  if (!body) unsendable ??= 'It has no body.';

  return {
    unsendable,
    headerText: headerText && headerText !== '' ? headerText : null,
    headerMedia,
    body: bodyText,
    footer: footer?.text ?? null,
    buttons: buttons.map((button) => ({
      type: (button.type ?? '').toUpperCase(),
      text: button.text ?? '',
      ...(button.url ? { url: button.url } : {}),
      ...(button.phone_number ? { phone: button.phone_number } : {}),
    })),
    fields,
  };
}

/** Meta refuses a parameter with a new line or a tab, or more than four spaces in a row (#132018). */
function parameterProblem(value: string, field: TemplateField): string | null {
  if (value === '') return `Fill in ${field.label}.`;
  if (value.length > field.maxLength) return `${field.label} may be at most ${field.maxLength} characters.`;
  if (field.kind === 'text' && /[\n\r\t]| {5,}/.test(value)) {
    return `${field.label} cannot hold a new line, a tab or more than four spaces in a row.`;
  }
  if (field.kind !== 'text' && /\s/.test(value)) return `${field.label} cannot hold spaces.`;
  return null;
}

const fill = (text: string, values: Map<string, string>) =>
  text.replace(PLACEHOLDER, (whole, name: string) => values.get(name) ?? whole);

/**
 * The template filled with an agent's values (`values[key]` per field). Each missing or refused
 * value is a 422 under `parameters.<key>`; a template Kawan cannot send is a 422 under `template`.
 */
export function fillTemplate(template: TemplateDefinition, input: unknown): FilledTemplate {
  const shape = templateShape(template);
  if (shape.unsendable)
    throw new ValidationError({ template: `This template cannot be sent here. ${shape.unsendable}` });
  const given = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const errors: Record<string, string> = {};
  const values = new Map<string, string>();
  for (const field of shape.fields) {
    const raw = given[field.key];
    const value = typeof raw === 'string' ? raw.trim() : '';
    const problem = parameterProblem(value, field);
    if (problem) errors[`parameters.${field.key}`] = problem;
    values.set(field.key, value);
  }
  const headerText = shape.headerText === null ? null : fillPart(shape.headerText, 'header', values);
  const headerKey = shape.fields.find((field) => field.part === 'header')?.key;
  if (headerText !== null && headerText.length > HEADER_MAX && headerKey && !errors[`parameters.${headerKey}`]) {
    errors[`parameters.${headerKey}`] = `The header may be at most ${HEADER_MAX} characters with its value in.`;
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);

  const named = template.parameterFormat === 'NAMED';
  const textParameters = (part: 'header' | 'body') =>
    shape.fields
      .filter((field) => field.part === part)
      .map((field) => ({
        type: 'text',
        ...(named ? { parameter_name: field.placeholder.slice(2, -2) } : {}),
        text: values.get(field.key)!,
      }));
  const components: TemplateSendComponent[] = [];
  const header = textParameters('header');
  if (header.length > 0) components.push({ type: 'header', parameters: header });
  const body = textParameters('body');
  if (body.length > 0) components.push({ type: 'body', parameters: body });
  for (const field of shape.fields.filter((item) => item.part === 'button')) {
    const index = field.key.slice('button_'.length);
    const value = values.get(field.key)!;
    components.push(
      field.kind === 'code'
        ? { type: 'button', sub_type: 'copy_code', index, parameters: [{ type: 'coupon_code', coupon_code: value }] }
        : { type: 'button', sub_type: 'url', index, parameters: [{ type: 'text', text: value }] },
    );
  }
  const text = [headerText, fillPart(shape.body, 'body', values), shape.footer]
    .filter((part): part is string => part !== null && part.trim() !== '')
    .join('\n\n');
  return { text, components, headerMedia: shape.headerMedia };
}

function fillPart(text: string, part: 'header' | 'body', values: Map<string, string>): string {
  const own = new Map<string, string>();
  for (const [key, value] of values) if (key.startsWith(`${part}_`)) own.set(key.slice(part.length + 1), value);
  return fill(text, own);
}
