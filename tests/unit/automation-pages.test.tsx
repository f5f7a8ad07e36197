// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Automations, { type AutomationRule, type AutomationsProps } from '@/Pages/Conversations/Automations';
import { automationLimits } from '../../server/domain/automations/rule-types';

type Options = Record<string, unknown> & { onSuccess?: () => void };
type Call = { method: string; url: string; data?: unknown; options?: Options };

// useForm as local state that records its submissions (and calls onSuccess, as after a 303), with
// the server's messages of `fake.formErrors`; route() names the route and its parameters; the
// layout's header renders its children.
const fake = vi.hoisted(() => ({ calls: [] as Call[], formErrors: {} as Record<string, string> }));

vi.mock('@inertiajs/react', async () => {
  const { useState } = await import('react');
  return {
    router: {
      put: (url: string, data?: unknown, options?: Options) => fake.calls.push({ method: 'put', url, data, options }),
    },
    Head: ({ title }: { title?: string }) => <title>{title}</title>,
    Link: ({ href, children, className }: { href: string; children: ReactNode; className?: string }) => (
      <a href={href} className={className}>
        {children}
      </a>
    ),
    useForm: <T extends Record<string, unknown>>(initial: T) => {
      const [data, setAll] = useState<T>(initial);
      const [errors] = useState<Record<string, string>>(() => ({ ...fake.formErrors }));
      const submit = (method: string) => (url: string, options?: Options) => {
        fake.calls.push({ method: `form.${method}`, url, data, options });
        options?.onSuccess?.();
      };
      return {
        data,
        errors,
        processing: false,
        recentlySuccessful: false,
        setData: (key: string | T | ((current: T) => T), value?: unknown) =>
          setAll((current) =>
            typeof key === 'function' ? key(current) : typeof key === 'string' ? { ...current, [key]: value } : key,
          ),
        reset: () => setAll(initial),
        clearErrors: () => {},
        post: submit('post'),
        put: submit('put'),
        delete: submit('delete'),
      };
    },
  };
});

vi.mock('@/Layouts/AppLayout', () => ({
  PageHeader: ({ title, children }: { title: string; children?: ReactNode }) => (
    <header>
      <h2>{title}</h2>
      {children}
    </header>
  ),
}));

vi.mock('@/lib/route', () => ({
  route: (name: string, params?: unknown) => `route:${name}${params === undefined ? '' : `:${JSON.stringify(params)}`}`,
}));

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();

const options: AutomationsProps['options'] = {
  channels: [
    { id: 1, name: 'WhatsApp Kopi', type: 'whatsapp' },
    { id: 2, name: 'Web Toko', type: 'web' },
  ],
  labels: [
    { id: 8, name: 'Keluhan', color: 'red', description: '' },
    { id: 9, name: 'VIP', color: 'amber', description: '' },
  ],
  fields: [
    { key: 'kota', label: 'Kota', type: 'text', choices: [] },
    { key: 'poin', label: 'Poin', type: 'number', choices: [] },
    { key: 'member_tier', label: 'Member tier', type: 'list', choices: ['Gold', 'Silver'] },
    { key: 'member', label: 'Member', type: 'yes_no', choices: [] },
    { key: 'ulang_tahun', label: 'Ulang tahun', type: 'date', choices: [] },
  ],
  members: [
    { id: 5, name: 'Budi Santoso' },
    { id: 6, name: 'Sari Dewi' },
  ],
  handoff_reasons: [
    { value: 'user_request', label: 'Asked for a person' },
    { value: 'offline', label: 'Outside business hours' },
  ],
  priorities: [
    { value: 'low', label: 'Low' },
    { value: 'medium', label: 'Medium' },
    { value: 'high', label: 'High' },
    { value: 'urgent', label: 'Urgent' },
  ],
};

const limits: AutomationsProps['limits'] = automationLimits;

const complaints: AutomationRule = {
  id: 11,
  name: 'Complaints to a person',
  trigger: 'customer_message',
  conditions: [
    { type: 'message_contains', words: ['komplain', 'refund'] },
    { type: 'message_not_contains', words: ['promo'] },
    { type: 'first_message' },
    { type: 'channel', channel_ids: [1] },
    { type: 'contact_field', key: 'kota', operator: 'is', value: 'Jakarta' },
  ],
  actions: [
    { type: 'set_priority', priority: 'high' },
    { type: 'add_labels', label_ids: [8] },
    { type: 'add_note', text: 'Check the order first.' },
    { type: 'hand_off' },
  ],
  enabled: true,
  runs: 12,
  last_run_at: hoursAgo(2),
  created_at: hoursAgo(500),
};

const nightShift: AutomationRule = {
  id: 12,
  name: 'Night shift',
  trigger: 'conversation_queued',
  conditions: [
    { type: 'handoff_reason', reasons: ['offline', 'user_request'] },
    { type: 'contact_field', key: 'poin', operator: 'at_least', value: '1000' },
    { type: 'contact_field', key: 'member', operator: 'is', value: 'yes' },
    { type: 'contact_field', key: 'member_tier', operator: 'is_set' },
    { type: 'contact_field', key: 'dihapus', operator: 'is', value: 'x' },
    { type: 'channel', channel_ids: [2, 99] },
  ],
  actions: [
    { type: 'assign', user_id: 6 },
    { type: 'add_labels', label_ids: [9, 77] },
    { type: 'assign', user_id: 404 },
  ],
  enabled: false,
  runs: 0,
  last_run_at: null,
  created_at: hoursAgo(100),
};

const runs: AutomationsProps['recent_runs'] = [
  {
    id: 31,
    rule_id: 11,
    rule_name: 'Complaints to a person',
    conversation: { id: 70, number: 12 },
    summary: 'Set the priority to High, added the label Keluhan',
    created_at: hoursAgo(1),
  },
  {
    id: 30,
    rule_id: null,
    rule_name: 'Old rule',
    conversation: null,
    summary: 'Added the label VIP',
    created_at: hoursAgo(30),
  },
];

const props = (overrides: Partial<AutomationsProps> = {}): AutomationsProps => ({
  rules: [complaints, nightShift],
  recent_runs: runs,
  options,
  limits,
  can: { manage: true },
  ...overrides,
});

const rows = () => within(screen.getByRole('list', { name: 'Rules' })).getAllByRole('listitem');
const newRule = () => screen.getByRole('form', { name: 'New rule' });
const add = (scope: HTMLElement, menu: 'Add condition' | 'Add action', kind: string) =>
  fireEvent.click(within(within(scope).getByRole('group', { name: menu })).getByRole('button', { name: kind }));
const card = (scope: HTMLElement, kind: string) => within(scope).getByRole('group', { name: kind });
/** The text of what describes a control (its hint and its message). */
const described = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

beforeEach(() => {
  fake.calls.length = 0;
  fake.formErrors = {};
});
afterEach(cleanup);

describe('Conversations/Automations', () => {
  it('reads each rule as a sentence, with every kind of condition and action', () => {
    render(<Automations {...props()} />);
    const [first, second] = rows();
    expect(first.textContent).toContain(
      'When a customer writes and the message contains “komplain” or “refund” and the message does not contain “promo” and it is the first message of a new conversation and the channel is WhatsApp Kopi and the contact’s Kota is “Jakarta”: set priority High, add label Keluhan, add the note “Check the order first.”, hand to a person.',
    );
    // The label as its chip; the words that matter in bold.
    expect(within(first).getByText('Keluhan').closest('span.rounded-full')).toBeTruthy();
    expect(within(first).getByText('a customer writes').tagName).toBe('STRONG');
    expect(first.textContent).toContain('Acted 12 times in the last 30 days · last 2 hours ago');

    expect(second.textContent).toContain(
      'When a conversation is handed to a person and the reason for the handoff is Outside business hours or Asked for a person and the contact’s Poin is at least 1000 and the contact’s Member is Yes and the contact’s Member tier has a value and the contact’s (deleted field) is “x” and the channel is Web Toko or (deleted channel): assign to Sari Dewi, add labels VIP (deleted label), assign to (removed teammate).',
    );
    expect(second.textContent).toContain('Has not acted yet');

    // Managers switch each rule; the off one says so.
    expect(screen.getByRole('switch', { name: 'Run Complaints to a person' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(screen.getByRole('switch', { name: 'Run Night shift' }).getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('2 rules of 50.', { exact: false }).textContent).toContain(
      'in the order listed, top first',
    );
  });

  it('shows readers the rules without a form, switches or buttons, and who changes them', () => {
    render(<Automations {...props({ can: { manage: false } })} />);
    expect(screen.queryByRole('form', { name: 'New rule' })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete)/ })).toBeNull();
    expect(screen.getByText(/Owners, admins and editors change the rules/)).toBeTruthy();
    const [first, second] = rows();
    expect(within(first).queryByText('Off')).toBeNull();
    expect(within(second).getByText('Off')).toBeTruthy();
    expect(first.textContent).toContain('hand to a person.');
  });

  it('makes a rule with the create form and posts its body in its own error bag', () => {
    render(<Automations {...props()} />);
    const form = newRule();
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Keluhan' } });

    add(form, 'Add condition', 'Message contains');
    const words = within(card(form, 'Message contains')).getByLabelText('Words or phrases') as HTMLInputElement;
    fireEvent.change(words, { target: { value: ' komplain, refund ,, barang rusak,' } });
    // What is typed stays as typed.
    expect(words.value).toBe(' komplain, refund ,, barang rusak,');

    add(form, 'Add condition', 'Channel is');
    fireEvent.click(within(card(form, 'Channel is')).getByLabelText('WhatsApp Kopi'));

    add(form, 'Add condition', 'First message of the conversation');
    // Once is enough.
    expect(
      within(within(form).getByRole('group', { name: 'Add condition' })).queryByRole('button', {
        name: 'First message of the conversation',
      }),
    ).toBeNull();

    add(form, 'Add action', 'Set priority');
    fireEvent.change(within(card(form, 'Set priority')).getByLabelText('Priority'), { target: { value: 'urgent' } });
    add(form, 'Add action', 'Add labels');
    fireEvent.click(within(card(form, 'Add labels')).getByLabelText('Keluhan'));
    add(form, 'Add action', 'Add an internal note');
    fireEvent.change(within(card(form, 'Add an internal note')).getByLabelText('Note'), {
      target: { value: 'Cek pesanan dulu' },
    });
    add(form, 'Add action', 'Hand to a person');
    expect(within(card(form, 'Hand to a person')).getByText(/instead of answering/)).toBeTruthy();
    expect(
      within(within(form).getByRole('group', { name: 'Add action' })).queryByRole('button', {
        name: 'Hand to a person',
      }),
    ).toBeNull();
    // The sentence it makes, as it is written.
    expect(form.textContent).toContain(
      'It reads: When a customer writes and the message contains “komplain”, “refund” or “barang rusak” and the channel is WhatsApp Kopi',
    );

    fireEvent.click(within(form).getByRole('switch', { name: 'Turned on' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    const call = fake.calls.at(-1);
    expect(call).toMatchObject({
      method: 'form.post',
      url: 'route:automations.store',
      options: { errorBag: 'createAutomation', preserveScroll: true },
    });
    expect(call?.data).toEqual({
      name: 'Keluhan',
      trigger: 'customer_message',
      conditions: [
        { type: 'message_contains', words: ['komplain', 'refund', 'barang rusak'] },
        { type: 'channel', channel_ids: [1] },
        { type: 'first_message' },
      ],
      actions: [
        { type: 'set_priority', priority: 'urgent' },
        { type: 'add_labels', label_ids: [8] },
        { type: 'add_note', text: 'Cek pesanan dulu' },
        { type: 'hand_off' },
      ],
      enabled: false,
    });
    // Saved, the form starts again, its words too.
    expect((within(newRule()).getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect(within(newRule()).queryByRole('group', { name: 'Message contains' })).toBeNull();
  });

  it('drops what the new trigger does not offer, and offers its own', () => {
    render(<Automations {...props()} />);
    const form = newRule();
    add(form, 'Add condition', 'Message contains');
    add(form, 'Add condition', 'Channel is');
    add(form, 'Add action', 'Hand to a person');
    add(form, 'Add action', 'Set priority');
    const offered = (menu: string) =>
      within(within(form).getByRole('group', { name: menu }))
        .getAllByRole('button')
        .map((button) => button.textContent?.replace('+', ''));
    expect(offered('Add action')).not.toContain('Assign to');

    fireEvent.change(within(form).getByLabelText('When'), { target: { value: 'conversation_queued' } });
    expect(within(form).queryByRole('group', { name: 'Message contains' })).toBeNull();
    expect(within(form).queryByRole('group', { name: 'Hand to a person' })).toBeNull();
    expect(within(form).getByRole('group', { name: 'Channel is' })).toBeTruthy();
    expect(within(form).getByRole('group', { name: 'Set priority' })).toBeTruthy();
    expect(within(form).getByText(/^Removed, as/).textContent).toBe(
      'Removed, as “A conversation is handed to a person” does not offer them: Message contains, Hand to a person.',
    );
    expect(offered('Add condition')).toEqual(['Handoff reason is', 'Channel is', 'Contact field']);
    expect(offered('Add action')).toEqual([
      'Add labels',
      'Set priority',
      'Add an internal note',
      'Assign to',
      'Send the customer a message',
    ]);

    add(form, 'Add condition', 'Handoff reason is');
    // Said until the rule changes again.
    expect(within(form).queryByText(/^Removed, as/)).toBeNull();
    fireEvent.click(within(card(form, 'Handoff reason is')).getByLabelText('Outside business hours'));
    add(form, 'Add action', 'Assign to');
    fireEvent.change(within(card(form, 'Assign to')).getByLabelText('Teammate'), { target: { value: '6' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(fake.calls.at(-1)?.data).toMatchObject({
      trigger: 'conversation_queued',
      conditions: [
        { type: 'channel', channel_ids: [] },
        { type: 'handoff_reason', reasons: ['offline'] },
      ],
      actions: [
        { type: 'set_priority', priority: 'high' },
        { type: 'assign', user_id: 6 },
      ],
    });
  });

  it('makes a waiting rule say how long first, in minutes shown in words', () => {
    render(<Automations {...props()} />);
    const form = newRule();
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Lama menunggu' } });
    fireEvent.change(within(form).getByLabelText('When'), { target: { value: 'conversation_waiting' } });
    const waited = card(form, 'Waited at least');
    const minutes = within(waited).getByLabelText('Minutes') as HTMLInputElement;
    expect(minutes.value).toBe('15');
    expect(waited.textContent).toContain('15 minutes after the handoff, once');
    fireEvent.change(minutes, { target: { value: '120' } });
    expect(waited.textContent).toContain('2 hours after the handoff, once');
    // Once is enough.
    expect(
      within(within(form).getByRole('group', { name: 'Add condition' })).queryByRole('button', {
        name: 'Waited at least',
      }),
    ).toBeNull();
    add(form, 'Add action', 'Set priority');
    expect(form.textContent).toContain(
      'It reads: When a conversation has waited for a person 2 hours: set priority High.',
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(fake.calls.at(-1)?.data).toMatchObject({
      trigger: 'conversation_waiting',
      conditions: [{ type: 'waited', minutes: 120 }],
      actions: [{ type: 'set_priority', priority: 'high' }],
    });
  });

  it('makes a rule for a customer waiting for a reply, saying what the wait is', () => {
    render(<Automations {...props()} />);
    const form = newRule();
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Belum dibalas' } });
    const when = within(form).getByLabelText('When');
    fireEvent.change(when, { target: { value: 'reply_waiting' } });
    // What the trigger means is said under it, and read with it.
    const described = (when.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    expect(described).toContain('from the handoff to their first reply, then from each new message of the customer');
    const waited = card(form, 'Waited at least');
    fireEvent.change(within(waited).getByLabelText('Minutes'), { target: { value: '30' } });
    expect(waited.textContent).toContain('30 minutes without a reply, once each time the customer waits');
    add(form, 'Add action', 'Assign to');
    expect(form.textContent).toContain('It reads: When a customer has waited for a reply 30 minutes: assign to');
    // A message to the customer, once a rule.
    add(form, 'Add action', 'Send the customer a message');
    fireEvent.change(within(card(form, 'Send the customer a message')).getByLabelText('Message'), {
      target: { value: 'Mohon maaf menunggu, Kak {{contact.first_name | Pelanggan}}.' },
    });
    expect(
      within(within(form).getByRole('group', { name: 'Add action' })).queryByRole('button', {
        name: 'Send the customer a message',
      }),
    ).toBeNull();
    expect(form.textContent).toContain(
      'send the customer “Mohon maaf menunggu, Kak {{contact.first_name | Pelanggan}}.”',
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(fake.calls.at(-1)?.data).toMatchObject({
      trigger: 'reply_waiting',
      conditions: [{ type: 'waited', minutes: 30 }],
      actions: [
        { type: 'assign' },
        { type: 'send_message', text: 'Mohon maaf menunggu, Kak {{contact.first_name | Pelanggan}}.' },
      ],
    });
  });

  it('makes a rule for a missed reply target, which takes no wait of its own', () => {
    render(<Automations {...props()} />);
    const form = newRule();
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Lewat target' } });
    const when = within(form).getByLabelText('When');
    fireEvent.change(when, { target: { value: 'reply_waiting' } });
    expect(card(form, 'Waited at least')).toBeTruthy();
    // From a waiting rule: its wait is dropped, the target is the wait.
    fireEvent.change(when, { target: { value: 'reply_target_missed' } });
    const described = (when.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    expect(described).toContain("past the team's reply target for the reply they wait for");
    expect(within(form).queryByText('Waited at least')).toBeNull();
    add(form, 'Add action', 'Set priority');
    expect(form.textContent).toContain('It reads: When a reply target is missed: set priority');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(fake.calls.at(-1)?.data).toMatchObject({ trigger: 'reply_target_missed', conditions: [] });
  });

  it("compares a contact field by its kind: a bound for a number, a field's choices, yes or no, a date, or set", () => {
    render(<Automations {...props()} />);
    const form = newRule();
    add(form, 'Add condition', 'Contact field');
    const condition = card(form, 'Contact field');
    const operators = () =>
      within(within(condition).getByLabelText('Comparison'))
        .getAllByRole('option')
        .map((option) => option.textContent);
    // A text field: no bounds, a text value.
    expect(operators()).toEqual(['is', 'is not', 'has a value', 'has no value']);
    expect((within(condition).getByLabelText('Value') as HTMLInputElement).type).toBe('text');

    fireEvent.change(within(condition).getByLabelText('Field'), { target: { value: 'poin' } });
    expect(operators()).toEqual(['is', 'is not', 'is at least', 'is at most', 'has a value', 'has no value']);
    fireEvent.change(within(condition).getByLabelText('Comparison'), { target: { value: 'at_least' } });
    fireEvent.change(within(condition).getByLabelText('Value'), { target: { value: '1000' } });

    add(form, 'Add condition', 'Contact field');
    const [, list] = within(form).getAllByRole('group', { name: 'Contact field' });
    fireEvent.change(within(list).getByLabelText('Field'), { target: { value: 'member_tier' } });
    expect(
      within(within(list).getByLabelText('Value'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Gold', 'Silver']);
    fireEvent.change(within(list).getByLabelText('Value'), { target: { value: 'Silver' } });

    add(form, 'Add condition', 'Contact field');
    const yesNo = within(form).getAllByRole('group', { name: 'Contact field' })[2];
    fireEvent.change(within(yesNo).getByLabelText('Field'), { target: { value: 'member' } });
    expect(
      within(within(yesNo).getByLabelText('Value'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Yes', 'No']);
    fireEvent.change(within(yesNo).getByLabelText('Value'), { target: { value: 'no' } });

    add(form, 'Add condition', 'Contact field');
    const date = within(form).getAllByRole('group', { name: 'Contact field' })[3];
    fireEvent.change(within(date).getByLabelText('Field'), { target: { value: 'ulang_tahun' } });
    expect((within(date).getByLabelText('Value') as HTMLInputElement).type).toBe('date');
    fireEvent.change(within(date).getByLabelText('Comparison'), { target: { value: 'is_not_set' } });
    expect(within(date).queryByLabelText('Value')).toBeNull();

    add(form, 'Add action', 'Hand to a person');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect((fake.calls.at(-1)?.data as { conditions: unknown }).conditions).toEqual([
      { type: 'contact_field', key: 'poin', operator: 'at_least', value: '1000' },
      { type: 'contact_field', key: 'member_tier', operator: 'is', value: 'Silver' },
      { type: 'contact_field', key: 'member', operator: 'is', value: 'no' },
      { type: 'contact_field', key: 'ulang_tahun', operator: 'is_not_set' },
    ]);
  });

  it("shows the server's messages under the controls they are about", () => {
    fake.formErrors = {
      name: 'The name is required.',
      trigger: 'Choose when the rule runs.',
      enabled: 'On or off.',
      conditions: 'Too many conditions.',
      'conditions.0.words': 'Give at least one word.',
      'conditions.1.channel_ids': 'Choose a channel.',
      'conditions.2.key': 'That field is gone.',
      'conditions.2.operator': 'A bound needs a number field.',
      'conditions.2.value': 'Give a value.',
      actions: 'Give the rule an action.',
      'actions.0.label_ids': 'Choose a label.',
      'actions.1.priority': 'Choose a priority.',
      'actions.2.text': 'Write the note.',
      'actions.3.user_id': 'Choose a teammate.',
      'conditions.0.reasons': 'Choose a reason.',
    };
    render(<Automations {...props({ rules: [] })} />);
    const form = newRule();
    expect(described(within(form).getByLabelText('Name'))).toContain('The name is required.');
    expect(described(within(form).getByLabelText('When'))).toContain('Choose when the rule runs.');
    expect(within(form).getByText('On or off.')).toBeTruthy();
    add(form, 'Add condition', 'Message contains');
    add(form, 'Add condition', 'Channel is');
    add(form, 'Add condition', 'Contact field');
    expect(within(form).getByText('Too many conditions.')).toBeTruthy();
    expect(described(within(card(form, 'Message contains')).getByLabelText('Words or phrases'))).toContain(
      'Give at least one word.',
    );
    expect(within(card(form, 'Channel is')).getByText('Choose a channel.')).toBeTruthy();
    const field = card(form, 'Contact field');
    expect(described(within(field).getByLabelText('Field'))).toContain('That field is gone.');
    expect(described(within(field).getByLabelText('Comparison'))).toContain('A bound needs a number field.');
    expect(described(within(field).getByLabelText('Value'))).toContain('Give a value.');

    add(form, 'Add action', 'Add labels');
    add(form, 'Add action', 'Set priority');
    add(form, 'Add action', 'Add an internal note');
    expect(within(form).getByText('Give the rule an action.')).toBeTruthy();
    expect(within(card(form, 'Add labels')).getByText('Choose a label.')).toBeTruthy();
    expect(described(within(card(form, 'Set priority')).getByLabelText('Priority'))).toContain('Choose a priority.');
    expect(described(within(card(form, 'Add an internal note')).getByLabelText('Note'))).toContain('Write the note.');

    // Under another trigger, the first condition is a handoff reason and the fourth action an assignment.
    fireEvent.change(within(form).getByLabelText('When'), { target: { value: 'conversation_queued' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Remove condition 1: Channel is' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Remove condition 1: Contact field' }));
    add(form, 'Add condition', 'Handoff reason is');
    expect(within(card(form, 'Handoff reason is')).getByText('Choose a reason.')).toBeTruthy();
    add(form, 'Add action', 'Assign to');
    expect(described(within(card(form, 'Assign to')).getByLabelText('Teammate'))).toContain('Choose a teammate.');
  });

  it('changes a rule in a dialog that starts with it, switches one off, and deletes one after asking', () => {
    render(<Automations {...props()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Complaints to a person' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Complaints to a person' });
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Complaints to a person');
    const words = within(card(dialog, 'Message contains')).getByLabelText('Words or phrases') as HTMLInputElement;
    expect(words.value).toBe('komplain, refund');
    expect((within(card(dialog, 'Channel is')).getByLabelText('WhatsApp Kopi') as HTMLInputElement).checked).toBe(true);
    expect((within(card(dialog, 'Add labels')).getByLabelText('Keluhan') as HTMLInputElement).checked).toBe(true);
    fireEvent.change(words, { target: { value: 'komplain, refund, kecewa' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove action 3: Add an internal note' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'form.put',
      url: 'route:automations.update:{"automation":11}',
      options: { errorBag: 'updateAutomation' },
    });
    expect(fake.calls.at(-1)?.data).toEqual({
      name: 'Complaints to a person',
      trigger: 'customer_message',
      conditions: [
        { type: 'message_contains', words: ['komplain', 'refund', 'kecewa'] },
        ...complaints.conditions.slice(1),
      ],
      actions: [complaints.actions[0], complaints.actions[1], complaints.actions[3]],
      enabled: true,
    });

    fireEvent.click(screen.getByRole('switch', { name: 'Run Complaints to a person' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'put',
      url: 'route:automations.update:{"automation":11}',
      data: {
        name: 'Complaints to a person',
        trigger: 'customer_message',
        conditions: complaints.conditions,
        actions: complaints.actions,
        enabled: false,
      },
      options: { preserveScroll: true },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Delete Night shift' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete rule' });
    expect(confirm.textContent).toContain('Delete Night shift?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'form.delete',
      url: 'route:automations.destroy:{"automation":12}',
    });
  });

  it('moves a rule up or down the order they run in, never past either end', () => {
    render(<Automations {...props()} />);
    const up = screen.getByRole('button', { name: 'Move Complaints to a person up' }) as HTMLButtonElement;
    const down = screen.getByRole('button', { name: 'Move Night shift down' }) as HTMLButtonElement;
    expect(up.disabled).toBe(true);
    expect(down.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move Night shift up' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'put',
      url: 'route:automations.move:{"automation":12}',
      data: { direction: 'up' },
      options: { preserveScroll: true },
    });
  });

  it('lists what the rules did lately, each with its conversation', () => {
    render(<Automations {...props()} />);
    const [latest, older] = within(screen.getByRole('list', { name: 'Recent activity' })).getAllByRole('listitem');
    expect(within(latest).getByRole('link', { name: 'conversation #12' }).getAttribute('href')).toBe(
      'route:conversations.show:{"conversation":70}',
    );
    expect(latest.textContent).toContain('Set the priority to High, added the label Keluhan');
    expect(latest.textContent).toContain('an hour ago');
    expect(older.textContent).toContain('Old rule (deleted rule) on a deleted conversation');
    expect(screen.getByRole('link', { name: 'Inbox' }).getAttribute('href')).toBe('route:conversations.index');
  });

  it('says what rules are for while there are none, and what is missing to make one', () => {
    render(
      <Automations
        {...props({ rules: [], recent_runs: [], options: { ...options, labels: [], fields: [], members: [] } })}
      />,
    );
    expect(screen.getByText('No rules yet')).toBeTruthy();
    expect(screen.getByText(/When a customer writes “komplain” or “refund”/)).toBeTruthy();
    expect(screen.getByText('No rule has acted yet.')).toBeTruthy();

    const form = newRule();
    add(form, 'Add condition', 'Contact field');
    expect(
      within(card(form, 'Contact field')).getByRole('link', { name: 'Add contact fields' }).getAttribute('href'),
    ).toBe('route:contacts.fields.index');
    add(form, 'Add action', 'Add labels');
    expect(within(card(form, 'Add labels')).getByRole('link', { name: 'Add labels' }).getAttribute('href')).toBe(
      'route:labels.index',
    );
  });

  it('stops adding at the limits', () => {
    render(<Automations {...props({ limits: { ...limits, perTeam: 2, actions: 1 } })} />);
    const form = newRule();
    expect((within(form).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(form).getByText(/keeps 2 rules, as many as it can/)).toBeTruthy();
    add(form, 'Add action', 'Set priority');
    expect(within(form).queryByRole('group', { name: 'Add action' })).toBeNull();
    expect(within(form).getByText('A rule takes up to 1 action.')).toBeTruthy();
  });
});
