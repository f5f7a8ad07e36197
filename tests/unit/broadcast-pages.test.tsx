// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import BroadcastsIndex from '@/Pages/Broadcasts/Index';
import BroadcastsCreate from '@/Pages/Broadcasts/Create';
import BroadcastsShow from '@/Pages/Broadcasts/Show';
import type { Broadcast, BroadcastsCreateProps, BroadcastsShowProps } from '@/Pages/Broadcasts/Partials/types';
import { presentTemplate } from '../../server/presenters/conversation-presenter';
import { JsonRequestError } from '@/lib/json-request';
import type * as JsonRequestModule from '@/lib/json-request';

type Options = Record<string, unknown> & { onFinish?: () => void };
type Call = { method: string; url: string; data?: unknown; options?: Options };

// useForm as local state that records its submissions; route() names the route and its parameters.
const fake = vi.hoisted(() => ({
  calls: [] as Call[],
  requests: [] as Array<{ method: string; url: string }>,
  answer: null as null | ((url: string) => Promise<unknown>),
}));

vi.mock('@/lib/json-request', async (importOriginal) => {
  const actual = await importOriginal<typeof JsonRequestModule>();
  return {
    ...actual,
    requestJson: (method: string, url: string) => {
      fake.requests.push({ method, url });
      return fake.answer ? fake.answer(url) : Promise.resolve(null);
    },
  };
});

vi.mock('@inertiajs/react', async () => {
  const { useState } = await import('react');
  return {
    router: { reload: (options: Options) => fake.calls.push({ method: 'reload', url: '', options }) },
    usePage: () => ({ props: { auth: { user: { current_team: { id: 1 } } } } }),
    Head: ({ title }: { title?: string }) => <title>{title}</title>,
    Link: ({ href, children, className }: { href: string; children: ReactNode; className?: string }) => (
      <a href={href} className={className}>
        {children}
      </a>
    ),
    useForm: <T extends Record<string, unknown>>(initial: T) => {
      const [data, setAll] = useState<T>(initial);
      const [transformer, setTransformer] = useState<{ fn: (data: T) => unknown } | null>(null);
      let transform = transformer;
      const submit = (method: string) => (url: string, options?: Options) => {
        fake.calls.push({ method: `form.${method}`, url, data: transform ? transform.fn(data) : data, options });
      };
      return {
        data,
        errors: {},
        processing: false,
        setData: (key: string | T | ((current: T) => T), value?: unknown) =>
          setAll((current) =>
            typeof key === 'function' ? key(current) : typeof key === 'string' ? { ...current, [key]: value } : key,
          ),
        transform: (fn: (data: T) => unknown) => {
          transform = { fn };
          setTransformer({ fn });
        },
        clearErrors: () => {},
        post: submit('post'),
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

beforeEach(() => {
  fake.calls.length = 0;
  fake.requests.length = 0;
  fake.answer = null;
});
afterEach(cleanup);

const orderUpdate = presentTemplate({
  name: 'order_update',
  language: 'id',
  category: 'UTILITY',
  parameterFormat: 'POSITIONAL',
  components: [{ type: 'BODY', text: 'Halo {{1}}, pesanan {{2}} sudah dikirim.' }],
});

const createProps = (overrides: Partial<BroadcastsCreateProps> = {}): BroadcastsCreateProps => ({
  channels: [{ id: 3, name: 'WhatsApp +62 812-3456-7890', paused: false, templates: [orderUpdate] }],
  audiences: {
    all: 120,
    unsubscribed: 2,
    labels: [{ id: 5, name: 'VIP', color: 'amber', contacts: 3 }],
    segments: [
      {
        key: 'member_tier',
        label: 'Member tier',
        options: [
          { value: 'member_tier:Gold', label: 'Gold', phrase: 'Gold', typed: false, contacts: 4 },
          { value: 'member_tier:Silver', label: 'Silver', phrase: 'Silver', typed: false, contacts: 0 },
        ],
      },
      {
        key: 'tanggal_lahir',
        label: 'Tanggal lahir',
        options: [
          { value: 'tanggal_lahir:today', label: 'today, any year', phrase: 'today', typed: false, contacts: 1 },
          { value: 'tanggal_lahir:month-12', label: 'December', phrase: 'in December', typed: false, contacts: 2 },
        ],
      },
      {
        key: 'poin',
        label: 'Poin',
        options: [
          { value: 'poin:>=', label: 'at least…', phrase: 'at least', typed: true, contacts: null },
          { value: 'poin:<=', label: 'at most…', phrase: 'at most', typed: true, contacts: null },
        ],
      },
    ],
  },
  variables: [
    { name: 'contact.name', description: "The contact's name" },
    { name: 'contact.first_name', description: "The first word of the contact's name" },
    { name: 'agent.name', description: 'Your name' },
    { name: 'contact.member_tier', description: "The contact's Member tier" },
  ],
  contact_fields: [{ key: 'member_tier', label: 'Member tier', type: 'list', options: ['Gold', 'Silver'] }],
  limits: { max_days_ahead: 90, max_file_bytes: 10 * 1024 * 1024, list_bytes: 5 * 1024 * 1024, list_rows: 10_000 },
  ...overrides,
});

describe('Broadcasts/Create', () => {
  it('fills each value for the contact, shows the copy as they read it, and sends after a last look', () => {
    render(<BroadcastsCreate {...createProps()} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Promo Desember' } });
    fireEvent.change(screen.getByLabelText('Template'), { target: { value: 'order_update|id' } });
    fireEvent.focus(screen.getByLabelText('Body {{1}}'));
    // Only the contact's details are offered: a broadcast has no agent writing it.
    const details = screen.getByRole('group', { name: 'Contact details' });
    expect(within(details).queryByText('{{agent.name}}')).toBeNull();
    fireEvent.click(within(details).getByRole('button', { name: '{{contact.first_name}}' }));
    expect((screen.getByLabelText('Body {{1}}') as HTMLInputElement).value).toBe('{{contact.first_name | Kak}}');
    fireEvent.change(screen.getByLabelText('Body {{2}}'), { target: { value: 'DES-12' } });
    expect(screen.getByText('Preview').closest('figure')?.textContent).toContain(
      'Halo Rina, pesanan DES-12 sudah dikirim.',
    );
    expect(screen.getByText('2 contacts asked for no more broadcasts and are left out.')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: /^Contacts with a label/ }));
    fireEvent.change(screen.getByLabelText('Label'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send…' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Promo Desember goes to about 3 contacts labelled VIP now');
    expect(fake.calls).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send to 3 contacts' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'form.post',
      url: 'route:broadcasts.store',
      data: {
        name: 'Promo Desember',
        channel_id: '3',
        template: 'order_update',
        language: 'id',
        parameters: { body_1: '{{contact.first_name | Kak}}', body_2: 'DES-12' },
        audience: 'label',
        label_id: '5',
        send_at: '',
      },
    });
  });

  it('schedules it for a time in the browser’s own zone', () => {
    render(<BroadcastsCreate {...createProps()} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Pengingat' } });
    fireEvent.change(screen.getByLabelText('Template'), { target: { value: 'order_update|id' } });
    fireEvent.change(screen.getByLabelText('Body {{1}}'), { target: { value: 'Kak' } });
    fireEvent.change(screen.getByLabelText('Body {{2}}'), { target: { value: 'DES-12' } });
    fireEvent.click(screen.getByRole('radio', { name: /^Schedule/ }));
    fireEvent.change(screen.getByLabelText('Date and time'), { target: { value: '2026-12-24T09:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule…' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Schedule' }));
    expect(fake.calls.at(-1)?.data).toMatchObject({
      audience: 'all',
      send_at: new Date('2026-12-24T09:00').toISOString(),
    });
  });

  it('counts the contacts of a typed group once typed, and says who it goes to', async () => {
    fake.answer = (url) =>
      url.includes('abc')
        ? Promise.reject(new JsonRequestError(422, { errors: { segment: ['Give a number for Poin, such as 1000.'] } }))
        : Promise.resolve({ contacts: 7, phrase: 'at least 1,000' });
    render(<BroadcastsCreate {...createProps()} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Hadiah poin' } });
    fireEvent.change(screen.getByLabelText('Template'), { target: { value: 'order_update|id' } });
    fireEvent.change(screen.getByLabelText('Body {{1}}'), { target: { value: 'Kak' } });
    fireEvent.change(screen.getByLabelText('Body {{2}}'), { target: { value: 'POIN' } });
    fireEvent.click(screen.getByRole('radio', { name: /^Contacts by a field/ }));
    fireEvent.change(screen.getByLabelText('Field value'), { target: { value: 'poin:>=' } });
    fireEvent.change(screen.getByLabelText('Poin at least'), { target: { value: 'abc' } });
    expect(await screen.findByText('Give a number for Poin, such as 1000.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Poin at least'), { target: { value: '1.000' } });
    expect(await screen.findByText('7 contacts whose Poin is at least 1,000')).toBeTruthy();
    expect(fake.requests.at(-1)).toEqual({
      method: 'GET',
      url: 'route:broadcasts.audience:{"segment":"poin:>=1.000"}',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send…' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Hadiah poin goes to about 7 contacts whose Poin is at least 1,000 now');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send to 7 contacts' }));
    expect(fake.calls.at(-1)?.data).toMatchObject({ audience: 'field', segment: 'poin:>=1.000' });
  });

  it('sends to the contacts whose birthday is in a month, said so before it goes', () => {
    render(<BroadcastsCreate {...createProps()} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ulang tahun' } });
    fireEvent.change(screen.getByLabelText('Template'), { target: { value: 'order_update|id' } });
    fireEvent.change(screen.getByLabelText('Body {{1}}'), { target: { value: 'Kak' } });
    fireEvent.change(screen.getByLabelText('Body {{2}}'), { target: { value: 'HBD' } });
    fireEvent.click(screen.getByRole('radio', { name: /^Contacts by a field/ }));
    const select = screen.getByLabelText('Field value');
    expect(within(select).getByRole('option', { name: 'Tanggal lahir: December (2 contacts)' })).toBeTruthy();
    fireEvent.change(select, { target: { value: 'tanggal_lahir:month-12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send…' }));
    expect(screen.getByRole('dialog').textContent).toContain(
      'Ulang tahun goes to about 2 contacts whose Tanggal lahir is in December now',
    );
  });

  it('repeats every day to the contacts whose date is that day, offered only for a date’s “today”', () => {
    render(<BroadcastsCreate {...createProps()} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ulang tahun' } });
    fireEvent.change(screen.getByLabelText('Template'), { target: { value: 'order_update|id' } });
    fireEvent.change(screen.getByLabelText('Body {{1}}'), { target: { value: 'Kak' } });
    fireEvent.change(screen.getByLabelText('Body {{2}}'), { target: { value: 'HBD' } });
    fireEvent.click(screen.getByRole('radio', { name: /^Contacts by a field/ }));
    const select = screen.getByLabelText('Field value');
    fireEvent.change(select, { target: { value: 'tanggal_lahir:month-12' } });
    expect(screen.queryByRole('checkbox', { name: /Repeat every day/ })).toBeNull();
    fireEvent.change(select, { target: { value: 'tanggal_lahir:today' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Repeat every day at this time/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Start repeating…' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Ulang tahun goes every day at');
    expect(dialog.textContent).toContain('whose Tanggal lahir falls on that day, any year (1 contact today)');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start repeating' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'form.post',
      data: { audience: 'field', segment: 'tanggal_lahir:today', repeat: 'daily' },
    });
    // Another group sends once, whatever was ticked.
    fireEvent.change(select, { target: { value: 'tanggal_lahir:month-12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send…' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send to 2 contacts' }));
    expect(fake.calls.at(-1)).toMatchObject({ data: { segment: 'tanggal_lahir:month-12', repeat: '' } });
  });

  it("sends to the contacts whose field holds a value, and writes that field's values in", () => {
    render(<BroadcastsCreate {...createProps()} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Promo Gold' } });
    fireEvent.change(screen.getByLabelText('Template'), { target: { value: 'order_update|id' } });
    fireEvent.focus(screen.getByLabelText('Body {{2}}'));
    const details = screen.getByRole('group', { name: 'Contact details' });
    fireEvent.click(within(details).getByRole('button', { name: '{{contact.member_tier}}' }));
    fireEvent.change(screen.getByLabelText('Body {{1}}'), { target: { value: 'Kak' } });
    // The preview writes a made-up value of the field: a list's first choice.
    expect(screen.getByText('Preview').closest('figure')?.textContent).toContain(
      'Halo Kak, pesanan Gold sudah dikirim.',
    );
    fireEvent.click(screen.getByRole('radio', { name: /^Contacts by a field/ }));
    fireEvent.change(screen.getByLabelText('Field value'), { target: { value: 'member_tier:Gold' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send…' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Promo Gold goes to about 4 contacts whose Member tier is Gold now');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send to 4 contacts' }));
    expect(fake.calls.at(-1)?.data).toMatchObject({
      audience: 'field',
      segment: 'member_tier:Gold',
      label_id: '',
      parameters: { body_1: 'Kak', body_2: '{{contact.member_tier}}' },
    });
  });

  it('sends to the contacts of a file, sent with the form', () => {
    render(<BroadcastsCreate {...createProps()} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Pelanggan pameran' } });
    fireEvent.change(screen.getByLabelText('Template'), { target: { value: 'order_update|id' } });
    fireEvent.change(screen.getByLabelText('Body {{1}}'), { target: { value: 'Kak' } });
    fireEvent.change(screen.getByLabelText('Body {{2}}'), { target: { value: 'EXPO' } });
    fireEvent.click(screen.getByRole('radio', { name: /^Contacts in a file/ }));
    const list = new File(['name,phone\nRina,08123456789\n'], 'pameran.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('Contacts file'), { target: { files: [list] } });
    expect(screen.getByText(/pameran\.csv ·/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send…' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Pelanggan pameran goes to the contacts in pameran.csv now');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send now' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'form.post',
      data: { audience: 'file', list },
      options: { forceFormData: true },
    });
  });

  it("puts in the file's own columns, each contact's row filling them, shown with the file's first row", async () => {
    render(<BroadcastsCreate {...createProps()} />);
    fireEvent.change(screen.getByLabelText('Template'), { target: { value: 'order_update|id' } });
    fireEvent.change(screen.getByLabelText('Body {{1}}'), { target: { value: 'Kak' } });
    fireEvent.click(screen.getByRole('radio', { name: /^Contacts in a file/ }));
    expect(screen.getByText(/Each contact's own row of the file can fill a value too/)).toBeTruthy();
    const list = new File(['Nama;No HP;No Pesanan\nRina;08123456789;INV-1001\n'], 'pesanan.csv', {
      type: 'text/csv',
    });
    fireEvent.change(screen.getByLabelText('Contacts file'), { target: { files: [list] } });
    const columns = await screen.findByRole('group', { name: 'Columns of the file' });
    fireEvent.focus(screen.getByLabelText('Body {{2}}'));
    fireEvent.click(within(columns).getByRole('button', { name: '{{file.no_pesanan}}' }));
    expect((screen.getByLabelText('Body {{2}}') as HTMLInputElement).value).toBe('{{file.no_pesanan}}');
    expect(screen.getByRole('figure').textContent).toContain('INV-1001');
    // A workbook's columns are named by hand.
    fireEvent.change(screen.getByLabelText('Contacts file'), { target: { files: [new File(['PK'], 'p.xlsx')] } });
    expect(await screen.findByText(/“No Pesanan” as \{\{file\.no_pesanan\}\}/)).toBeTruthy();
  });

  it('asks for a WhatsApp number first when the team has none', () => {
    render(<BroadcastsCreate {...createProps({ channels: [] })} />);
    expect(screen.getByText('Connect WhatsApp first')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Connect a WhatsApp number' }).getAttribute('href')).toBe(
      'route:channels.create',
    );
  });
});

const broadcast = (overrides: Partial<Broadcast> = {}): Broadcast => ({
  id: 7,
  name: 'Promo Desember',
  status: 'sending',
  repeat: null,
  parent_id: null,
  channel: { id: 3, name: 'WhatsApp +62 812-3456-7890', paused: false },
  template: { name: 'order_update', language: 'id' },
  audience: { kind: 'all', label: null, file_name: null, segment: null },
  created_by: 'Dewi Santoso',
  scheduled_at: '2026-12-07T02:00:00.000Z',
  started_at: '2026-12-07T02:00:01.000Z',
  finished_at: null,
  cancelled_at: null,
  recipient_count: 10,
  counts: { total: 10, pending: 4, skipped: 1, queued: 1, sent: 1, delivered: 1, read: 1, failed: 1, replied: 1 },
  ...overrides,
});

describe('Broadcasts/Index', () => {
  it('lists each broadcast with where it stands and how its copies did', () => {
    render(
      <BroadcastsIndex
        broadcasts={{
          data: [
            broadcast(),
            broadcast({ id: 8, name: 'Natal', status: 'scheduled', counts: broadcast().counts }),
            broadcast({ id: 9, name: 'Ulang tahun', status: 'scheduled', repeat: 'daily' }),
          ],
          meta: { current_page: 1, last_page: 1, per_page: 20, total: 3, from: 1, to: 3 },
        }}
        has_whatsapp
        can={{ send: true }}
      />,
    );
    const rows = within(screen.getByRole('list', { name: 'Broadcasts' })).getAllByRole('listitem');
    expect(
      within(rows[0]).getByRole('progressbar', { name: 'Sending Promo Desember' }).getAttribute('aria-valuenow'),
    ).toBe('60');
    // A read copy was delivered too.
    expect(rows[0].textContent).toContain('Delivered2');
    expect(rows[1].textContent).toContain('Scheduled');
    expect(rows[1].textContent).toContain('Recipients are counted when it goes.');
    // A repeating broadcast: when it goes next; its days are listed with their own figures.
    expect(rows[2].textContent).toContain('Every day');
    expect(rows[2].textContent).toContain('Next');
    expect(rows[2].textContent).toContain('Each day’s broadcast is listed with its own figures.');
    expect(screen.getAllByRole('link', { name: 'New broadcast' })[0].getAttribute('href')).toBe(
      'route:broadcasts.create',
    );
  });

  it('explains broadcasts when there are none, and leads to WhatsApp first', () => {
    const empty = { data: [], meta: { current_page: 1, last_page: 1, per_page: 20, total: 0, from: null, to: null } };
    render(<BroadcastsIndex broadcasts={empty} has_whatsapp={false} can={{ send: true }} />);
    expect(screen.getByText(/It needs a WhatsApp channel first/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Connect WhatsApp' }).getAttribute('href')).toBe('route:channels.create');
  });
});

describe('Broadcasts/Show', () => {
  const showProps = (
    overrides: Partial<BroadcastsShowProps> = {},
  ): BroadcastsShowProps & {
    errors: Record<string, string>;
  } => ({
    broadcast: broadcast(),
    days: [],
    recipients: {
      data: [
        {
          id: 1,
          contact_id: 40,
          name: 'Rina',
          phone: '+6281234567890',
          state: 'read',
          error: null,
          conversation_id: 9,
          conversation_number: 12,
          message_id: 300,
          replied: true,
        },
        {
          id: 2,
          contact_id: 41,
          name: 'Budi',
          phone: '+6281234567891',
          state: 'queued',
          error: 'Too many messages: try again later.',
          conversation_id: 10,
          conversation_number: 13,
          message_id: 301,
          replied: false,
        },
        {
          id: 3,
          contact_id: 42,
          name: null,
          phone: '+6281234567892',
          state: 'skipped',
          error: 'Another contact has this WhatsApp number: merge the two contacts.',
          conversation_id: null,
          conversation_number: null,
          message_id: null,
          replied: false,
        },
      ],
      meta: { current_page: 1, last_page: 1, per_page: 50, total: 3, from: 1, to: 3 },
    },
    filters: { status: 'all' },
    can: { cancel: true },
    errors: {},
    ...overrides,
  });

  it('shows the figures and each recipient’s copy: read and replied, trying again, left out with why', () => {
    render(<BroadcastsShow {...showProps()} />);
    // A read copy was delivered and sent too; one failed and one left out.
    const figures = screen.getByLabelText('Figures').textContent;
    expect(figures).toContain('Sent3');
    expect(figures).toContain('Delivered2');
    expect(figures).toContain('Failed or left out2');
    const rows = within(screen.getByRole('list', { name: 'Recipients' })).getAllByRole('listitem');
    expect(rows[0].textContent).toContain('Replied');
    expect(rows[0].textContent).toContain('Read');
    expect(within(rows[0]).getByRole('link', { name: '#12' }).getAttribute('href')).toBe(
      'route:conversations.show:{"conversation":9,"_query":{"message":300}}',
    );
    expect(rows[1].textContent).toContain('Trying again');
    expect(rows[1].textContent).toContain('Too many messages: try again later.');
    expect(rows[2].textContent).toContain('Left out');
    expect(rows[2].textContent).toContain('+62 812-3456-7892');
    expect(screen.getByText('Sending: 6 of 10 recipients.')).toBeTruthy();
    const csv = screen.getByRole('link', { name: 'Export CSV' });
    expect(csv.getAttribute('href')).toBe('route:broadcasts.export:{"broadcast":7}');
    expect(csv.hasAttribute('download')).toBe(true);
  });

  it("says who a scheduled broadcast goes to, a field's value and a label named as written", () => {
    const scheduled = (audience: Broadcast['audience']) =>
      showProps({ broadcast: broadcast({ status: 'scheduled', audience }) });
    render(
      <BroadcastsShow
        {...scheduled({
          kind: 'field',
          label: null,
          file_name: null,
          segment: { field: 'Member tier', value: 'Gold' },
        })}
      />,
    );
    expect(screen.getByText(/counted then\./).textContent).toContain(
      'to contacts whose Member tier is Gold, counted then.',
    );
    cleanup();
    render(
      <BroadcastsShow
        {...scheduled({ kind: 'label', label: { id: 5, name: 'VIP', color: 'amber' }, file_name: null, segment: null })}
      />,
    );
    expect(screen.getByText(/counted then\./).textContent).toContain('to contacts labelled VIP, counted then.');
  });

  it('shows a repeating broadcast’s next day and its days sent, and stops it', () => {
    const birthdays = broadcast({
      name: 'Ulang tahun',
      status: 'scheduled',
      repeat: 'daily',
      scheduled_at: '2026-12-08T01:00:00.000Z',
      started_at: null,
      audience: { kind: 'field', label: null, file_name: null, segment: { field: 'Tanggal lahir', value: 'today' } },
    });
    const day = broadcast({ id: 12, name: 'Ulang tahun · 7 Dec 2026', status: 'sent', parent_id: 7 });
    render(<BroadcastsShow {...showProps({ broadcast: birthdays, days: [day], can: { cancel: true } })} />);
    expect(screen.getByText(/Goes every day at/).textContent).toContain(
      'to contacts whose Tanggal lahir falls on the day, any year; next on',
    );
    expect(screen.getByText('Every day')).toBeTruthy();
    expect(screen.queryByLabelText('Figures')).toBeNull();
    const days = within(screen.getByRole('list', { name: 'Days' })).getAllByRole('listitem');
    expect(within(days[0]).getByRole('link', { name: 'Ulang tahun · 7 Dec 2026' }).getAttribute('href')).toBe(
      'route:broadcasts.show:{"broadcast":12}',
    );
    expect(days[0].textContent).toContain('10 recipients · 20% delivered');
    fireEvent.click(screen.getByRole('button', { name: 'Stop repeating' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('No more days go out.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stop repeating' }));
    expect(fake.calls.at(-1)).toMatchObject({ method: 'form.post', url: 'route:broadcasts.cancel:{"broadcast":7}' });
    cleanup();
    // A day's broadcast leads back to the repeating one.
    render(<BroadcastsShow {...showProps({ broadcast: day })} />);
    expect(screen.getByRole('link', { name: 'Every day: see all its days' }).getAttribute('href')).toBe(
      'route:broadcasts.show:{"broadcast":7}',
    );
  });

  it('cancels after saying what happens to those not yet sent to', () => {
    render(<BroadcastsShow {...showProps()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel broadcast' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('Contacts not yet sent to will not get it');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel broadcast' }));
    expect(fake.calls.at(-1)).toMatchObject({ method: 'form.post', url: 'route:broadcasts.cancel:{"broadcast":7}' });
  });

  it('offers no cancel to whom may not, and says when a finished one still has copies to go', () => {
    render(
      <BroadcastsShow
        {...showProps({
          can: { cancel: false },
          broadcast: broadcast({ status: 'sent', finished_at: '2026-12-07T02:01:00Z' }),
        })}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Cancel broadcast' })).toBeNull();
    expect(screen.getByText(/1 copy has not left yet/)).toBeTruthy();
    // Not "Sent" while a copy is still on its way.
    expect(screen.getAllByText('Sending').length).toBeGreaterThan(0);
  });
});
