// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SavedReplies from '@/Pages/Conversations/SavedReplies';
import Labels from '@/Pages/Conversations/Labels';
import ContactsIndex from '@/Pages/Contacts/Index';
import ContactsShow from '@/Pages/Contacts/Show';
import ContactFields from '@/Pages/Contacts/Fields';
import type { ContactSummary, ContactsShowProps } from '@/Pages/Contacts/Partials/types';
import { presentTemplate } from '../../server/presenters/conversation-presenter';

type Options = Record<string, unknown> & { onSuccess?: (page: { flash: Record<string, unknown> }) => void };
type Call = { method: string; url: string; data?: unknown; options?: Options };

// useForm as local state that records its submissions (and calls onSuccess, as after a 303);
// route() names the route and its parameters; the layout's header renders its children.
const fake = vi.hoisted(() => ({ calls: [] as Call[], flash: {} as Record<string, unknown> }));

vi.mock('@inertiajs/react', async () => {
  const { useState } = await import('react');
  return {
    router: {
      get: (url: string, data?: unknown) => fake.calls.push({ method: 'get', url, data }),
      put: (url: string, data?: unknown, options?: Options) => fake.calls.push({ method: 'put', url, data, options }),
      reload: (options: Options) => fake.calls.push({ method: 'reload', url: '', options }),
    },
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
        options?.onSuccess?.({ flash: fake.flash });
      };
      return {
        data,
        errors: {},
        processing: false,
        recentlySuccessful: false,
        setData: (key: string | T, value?: unknown) =>
          setAll((current) => (typeof key === 'string' ? { ...current, [key]: value } : { ...current, ...key })),
        reset: () => setAll(initial),
        transform: (fn: (data: T) => unknown) => {
          transform = { fn };
          setTransformer({ fn });
        },
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

const limits = { shortcut: 32, text: 4096, perTeam: 200 };
const replies = [
  { id: 3, shortcut: 'alamat', text: 'Jl. Kemang Raya 12' },
  { id: 4, shortcut: 'jam-buka', text: 'Buka setiap hari 07.00–22.00' },
];

beforeEach(() => {
  fake.calls.length = 0;
});
afterEach(cleanup);

describe('Conversations/SavedReplies', () => {
  it('adds a reply with the create form, in its own error bag', () => {
    render(<SavedReplies replies={replies} limits={limits} contact_fields={[]} />);
    expect(screen.getByText('2 saved replies of 200, by shortcut.', { exact: false })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Shortcut'), { target: { value: 'ongkir' } });
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'Ongkir Rp 10.000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'form.post',
      url: 'route:saved-replies.store',
      data: { shortcut: 'ongkir', text: 'Ongkir Rp 10.000' },
      options: { errorBag: 'createSavedReply' },
    });
  });

  it('changes a reply in a dialog that starts with its text, and deletes one after asking', () => {
    render(<SavedReplies replies={replies} limits={limits} contact_fields={[]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit /jam-buka' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit /jam-buka' });
    expect((within(dialog).getByLabelText('Text') as HTMLTextAreaElement).value).toBe('Buka setiap hari 07.00–22.00');
    fireEvent.change(within(dialog).getByLabelText('Text'), { target: { value: 'Buka 07.00–23.00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'form.put',
      url: 'route:saved-replies.update:{"savedReply":4}',
      data: { shortcut: 'jam-buka', text: 'Buka 07.00–23.00' },
      options: { errorBag: 'updateSavedReply' },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Delete /alamat' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete saved reply' });
    expect(confirm.textContent).toContain('Delete /alamat?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'form.delete',
      url: 'route:saved-replies.destroy:{"savedReply":3}',
    });
  });

  it('says how to start when there are none, and stops adding at the limit', () => {
    const { unmount } = render(<SavedReplies replies={[]} limits={limits} contact_fields={[]} />);
    expect(screen.getByText('No saved replies yet')).toBeTruthy();
    unmount();
    render(<SavedReplies replies={replies} limits={{ ...limits, perTeam: 2 }} contact_fields={[]} />);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/as many as it can/)).toBeTruthy();
  });
});

describe('Conversations/Labels', () => {
  const colors = ['gray', 'red', 'amber', 'green', 'teal', 'sky', 'indigo', 'violet', 'pink'] as const;
  const labelLimits = { name: 40, description: 200, perTeam: 100, perConversation: 10 };
  const labels = [
    { id: 8, name: 'Keluhan', color: 'red' as const, description: 'Something went wrong', conversations: 3 },
    { id: 9, name: 'VIP', color: 'amber' as const, description: '', conversations: 0 },
  ];
  const page = (list = labels) => render(<Labels labels={list} colors={[...colors]} limits={labelLimits} />);

  it('adds a label with a name, a colour and a description, previewing its chip', () => {
    page();
    expect(screen.getByText('2 labels of 100, by name.', { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: '3 conversations' }).getAttribute('href')).toBe(
      'route:conversations.index:{"label":8}',
    );
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Reservasi' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Violet' }));
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Meja dan acara' } });
    expect(screen.getByText('Preview:', { exact: false }).textContent).toContain('Reservasi');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'form.post',
      url: 'route:labels.store',
      data: { name: 'Reservasi', color: 'violet', description: 'Meja dan acara' },
      options: { errorBag: 'createLabel' },
    });
  });

  it('changes a label in a dialog that starts with it, and deletes one after saying what it comes off', () => {
    page();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Keluhan' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Keluhan' });
    const name = within(dialog).getByLabelText('Name') as HTMLInputElement;
    expect(name.value).toBe('Keluhan');
    expect((within(dialog).getByRole('radio', { name: 'Red' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(name, { target: { value: 'Komplain' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'form.put',
      url: 'route:labels.update:{"label":8}',
      data: { name: 'Komplain', color: 'red', description: 'Something went wrong' },
      options: { errorBag: 'updateLabel' },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Delete Keluhan' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete label' });
    expect(confirm.textContent).toContain('Delete Keluhan? It comes off 3 conversations.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(fake.calls.at(-1)).toMatchObject({ method: 'form.delete', url: 'route:labels.destroy:{"label":8}' });
  });

  it('says how to start when there are none, and stops adding at the limit', () => {
    page([]);
    expect(screen.getByText('No labels yet')).toBeTruthy();
    cleanup();
    page(Array.from({ length: 100 }, (_, index) => ({ ...labels[1], id: index + 1, name: `L${index}` })));
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/keeps 100 labels, as many as it can/)).toBeTruthy();
  });
});

const rina: ContactSummary = {
  id: 40,
  name: 'Rina Wulandari',
  phone: '+6281234567890',
  email: 'rina@example.com',
  channel_types: ['telegram', 'web'],
  conversations: 3,
  open_conversations: 1,
  first_seen_at: new Date(Date.now() - 30 * 86400_000).toISOString(),
  last_seen_at: new Date(Date.now() - 3600_000).toISOString(),
};
const contactsMeta = { current_page: 1, last_page: 1, per_page: 25, total: 1, from: 1, to: 1 };
const importLimits = { bytes: 5 * 1024 * 1024, rows: 10_000 };

describe('Contacts/Index', () => {
  it('lists each contact with the formatted phone, channels and conversations, and searches after a pause', () => {
    vi.useFakeTimers();
    render(
      <ContactsIndex
        contacts={{ data: [rina], meta: contactsMeta }}
        filters={{ search: '', segment: '' }}
        segments={[]}
        can={{ edit: true, manage_fields: true }}
        import_limits={importLimits}
      />,
    );
    const row = within(screen.getByRole('list', { name: 'Contacts' })).getByRole('listitem');
    expect(within(row).getByRole('link', { name: 'Rina Wulandari' }).getAttribute('href')).toBe(
      'route:contacts.show:{"contact":40}',
    );
    expect(within(row).getByText('+62 812-3456-7890')).toBeTruthy();
    expect(within(row).getByText('rina@example.com')).toBeTruthy();
    expect(within(row).getByLabelText('Telegram')).toBeTruthy();
    expect(row.textContent).toContain('3 conversations · 1 open');
    // The header's (a wider screen's) and the one under the filters (a phone's).
    expect(screen.getAllByRole('link', { name: 'Export CSV' }).map((link) => link.getAttribute('href'))).toEqual([
      'route:contacts.export:{"_query":{}}',
      'route:contacts.export:{"_query":{}}',
    ]);

    fireEvent.change(screen.getByLabelText('Search contacts'), { target: { value: ' 0812 ' } });
    expect(fake.calls).toEqual([]);
    act(() => vi.advanceTimersByTime(300));
    expect(fake.calls.at(-1)).toMatchObject({ method: 'get', url: 'route:contacts.index', data: { search: '0812' } });
    vi.useRealTimers();
  });

  it('narrows the list to a field value, kept with the search, the pages and the export', () => {
    render(
      <ContactsIndex
        contacts={{ data: [rina], meta: contactsMeta }}
        filters={{ search: 'rina', segment: 'member_tier:Gold' }}
        segments={[
          {
            key: 'member_tier',
            label: 'Member tier',
            options: [
              { value: 'member_tier:Gold', label: 'Gold', typed: false },
              { value: 'member_tier:Silver', label: 'Silver', typed: false },
            ],
          },
        ]}
        can={{ edit: true, manage_fields: true }}
        import_limits={importLimits}
      />,
    );
    // The header's (a wider screen's) and the one under the filters (a phone's).
    expect(screen.getAllByRole('link', { name: 'Export CSV' }).map((link) => link.getAttribute('href'))).toEqual([
      'route:contacts.export:{"_query":{"search":"rina","segment":"member_tier:Gold"}}',
      'route:contacts.export:{"_query":{"search":"rina","segment":"member_tier:Gold"}}',
    ]);
    expect((screen.getByLabelText('Contacts by a field') as HTMLSelectElement).value).toBe('member_tier:Gold');
    fireEvent.change(screen.getByLabelText('Contacts by a field'), { target: { value: 'member_tier:Silver' } });
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'get',
      url: 'route:contacts.index',
      data: { search: 'rina', segment: 'member_tier:Silver' },
    });
    expect(screen.getAllByRole('link', { name: 'Fields' }).map((link) => link.getAttribute('href'))).toEqual([
      'route:contacts.fields.index',
      'route:contacts.fields.index',
    ]);
  });

  it('narrows the list to a number at least what is typed, once it is a number', () => {
    const poin = {
      key: 'poin',
      label: 'Poin',
      options: [
        { value: 'poin:>=', label: 'at least…', typed: true },
        { value: 'poin:<=', label: 'at most…', typed: true },
      ],
    };
    render(
      <ContactsIndex
        contacts={{ data: [rina], meta: contactsMeta }}
        filters={{ search: '', segment: '' }}
        segments={[poin]}
        can={{ edit: true, manage_fields: true }}
        import_limits={importLimits}
      />,
    );
    fireEvent.change(screen.getByLabelText('Contacts by a field'), { target: { value: 'poin:>=' } });
    // Chosen, it waits for the number.
    expect(fake.calls).toEqual([]);
    fireEvent.change(screen.getByLabelText('Poin at least'), { target: { value: 'banyak' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByText('Write a number, such as 1000.')).toBeTruthy();
    expect(fake.calls).toEqual([]);
    fireEvent.change(screen.getByLabelText('Poin at least'), { target: { value: ' 1.000 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'get',
      url: 'route:contacts.index',
      data: { segment: 'poin:>=1.000' },
    });
    cleanup();
    // Applied, the page shows it as chosen and typed.
    render(
      <ContactsIndex
        contacts={{ data: [rina], meta: contactsMeta }}
        filters={{ search: '', segment: 'poin:<=500' }}
        segments={[poin]}
        can={{ edit: true, manage_fields: true }}
        import_limits={importLimits}
      />,
    );
    expect((screen.getByLabelText('Contacts by a field') as HTMLSelectElement).value).toBe('poin:<=');
    expect((screen.getByLabelText('Poin at most') as HTMLInputElement).value).toBe('500');
  });

  it('explains an empty list, and one a search left empty', () => {
    const empty = { data: [], meta: { ...contactsMeta, total: 0, from: null, to: null } };
    render(
      <ContactsIndex
        contacts={empty}
        filters={{ search: '', segment: '' }}
        segments={[]}
        can={{ edit: true, manage_fields: true }}
        import_limits={importLimits}
      />,
    );
    expect(screen.getByText(/Everyone who writes on your channels/)).toBeTruthy();
    cleanup();
    render(
      <ContactsIndex
        contacts={empty}
        filters={{ search: 'zz', segment: '' }}
        segments={[]}
        can={{ edit: true, manage_fields: true }}
        import_limits={importLimits}
      />,
    );
    expect(screen.getByRole('heading', { name: 'No contacts match' })).toBeTruthy();
  });
});

describe('adding and importing contacts', () => {
  const index = (edit: boolean) => (
    <ContactsIndex
      contacts={{ data: [rina], meta: contactsMeta }}
      filters={{ search: '', segment: '' }}
      segments={[]}
      can={{ edit, manage_fields: edit }}
      import_limits={importLimits}
    />
  );

  it('adds a contact from a dialog', () => {
    render(index(true));
    fireEvent.click(screen.getByRole('button', { name: 'New contact' }));
    const form = screen.getByRole('form', { name: 'New contact' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Budi Santoso' } });
    fireEvent.change(within(form).getByLabelText('Phone'), { target: { value: '0812 3456 7890' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add contact' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'form.post',
      url: 'route:contacts.store',
      data: { name: 'Budi Santoso', phone: '0812 3456 7890', email: '' },
      options: { errorBag: 'createContact' },
    });
  });

  it('imports a file and reports what it did, the skipped rows by number', () => {
    fake.flash = {
      contactImport: {
        rows: 7,
        created: 4,
        updated: 1,
        unchanged: 0,
        repeated: 1,
        skipped: 1,
        problems: [{ row: 6, message: '"12345" is not a phone number.' }],
        ignoredColumns: ['Kota'],
      },
    };
    render(index(true));
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const dialogForm = screen.getByRole('form', { name: 'Import contacts' });
    // The dialog's own Import button submits its form.
    const importButton = document.querySelector('button[form="import-contacts"]') as HTMLButtonElement;
    expect(importButton.textContent).toBe('Import');
    expect((importButton as HTMLButtonElement).disabled).toBe(true);
    const file = new File(['name,phone\nBudi,0812'], 'pelanggan.csv', { type: 'text/csv' });
    fireEvent.change(dialogForm.querySelector('input[type="file"]')!, { target: { files: [file] } });
    fireEvent.click(importButton);
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'form.post',
      url: 'route:contacts.import',
      data: { file },
      options: { errorBag: 'importContacts', forceFormData: true },
    });
    const result = screen.getByRole('region', { name: 'Import result' });
    expect(within(result).getByRole('heading', { name: 'Imported 7 rows' })).toBeTruthy();
    expect(result.textContent).toContain(
      '4 new contacts, 1 given details they lacked, 1 row repeating a person above, combined, 1 skipped.',
    );
    expect(within(result).getByRole('list', { name: 'Skipped rows' }).textContent).toBe(
      'Row 6: "12345" is not a phone number.',
    );
    expect(result.textContent).toContain('Columns not imported: Kota.');
    fireEvent.click(within(result).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Import result' })).toBeNull();
    fake.flash = {};
  });

  it('offers neither to a viewer', () => {
    render(index(false));
    expect(screen.queryByRole('button', { name: 'New contact' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
  });
});

describe('Contacts/Show', () => {
  const props = (edit: boolean) => ({
    contact: {
      ...rina,
      external_id: 'cust-1042' as string | null,
      locale: 'id',
      unsubscribed_at: null as string | null,
      attributes: {} as ContactsShowProps['contact']['attributes'],
      identities: [
        {
          channel_type: 'web' as const,
          channel_name: 'Website',
          external_user_id: 'visitor 1a2b3c4d',
          verified: false,
        },
      ],
    },
    conversations: [
      {
        id: 7,
        number: 12,
        state: 'resolved' as const,
        priority: 'high' as const,
        last_message_at: new Date().toISOString(),
        last_preview: 'Terima kasih',
        channel_type: 'web' as const,
        channel_name: 'Website',
      },
    ],
    duplicates: [] as ContactSummary[],
    whatsapp_channels: [] as ContactsShowProps['whatsapp_channels'],
    notes: [
      {
        id: 41,
        text: 'Pelanggan tetap: pesan 10 kg tiap bulan',
        author: { id: 3, name: 'Dewi Lestari' },
        created_at: new Date(Date.now() - 3_600_000).toISOString(),
        can_delete: edit,
      },
    ] as ContactsShowProps['notes'],
    contact_fields: [] as ContactsShowProps['contact_fields'],
    can: { edit, delete: edit },
  });

  it('lists the conversations with their state and priority, and saves corrected details to the contact', () => {
    render(<ContactsShow {...props(true)} />);
    const list = screen.getByRole('list', { name: 'Conversations' });
    expect(within(list).getByRole('link', { name: '#12' }).getAttribute('href')).toBe(
      'route:conversations.show:{"conversation":7}',
    );
    expect(within(list).getByText('Resolved')).toBeTruthy();
    expect(within(list).getByText('High')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Identities' }).textContent).toContain('visitor 1a2b3c4d');
    // The team's own id for them, when its system or its site gave one.
    expect(screen.getByText('Your ID').nextElementSibling?.textContent).toBe('cust-1042');

    fireEvent.click(screen.getByRole('button', { name: 'Edit contact' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Rina W.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'form.put',
      url: 'route:contacts.update:{"contact":40}',
      data: { name: 'Rina W.', phone: '+6281234567890', email: 'rina@example.com' },
      options: { errorBag: 'updateContact' },
    });
  });

  it('offers no Edit to a role that only reads', () => {
    render(<ContactsShow {...props(false)} />);
    expect(screen.queryByRole('button', { name: 'Edit contact' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Receives broadcasts' })).toBeNull();
    expect(screen.getByText('Receives broadcasts.')).toBeTruthy();
    // What to do with the switch is for those who have it.
    expect(screen.queryByText(/^Turn off when they ask/)).toBeNull();
  });

  it('turns broadcasts off for a contact who asked for none, and says since when', () => {
    const { unmount } = render(<ContactsShow {...props(true)} />);
    const toggle = screen.getByRole('switch', { name: 'Receives broadcasts' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'put',
      url: 'route:contacts.update:{"contact":40}',
      data: { receives_broadcasts: false },
    });
    unmount();
    const base = props(true);
    render(<ContactsShow {...base} contact={{ ...base.contact, unsubscribed_at: '2026-12-01T08:00:00Z' }} />);
    expect(screen.getByRole('switch', { name: 'Receives broadcasts' }).getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText(/^Asked for none on/)).toBeTruthy();
  });

  it('lets an owner or an admin delete the contact after a confirmation, and nobody else', () => {
    const { unmount } = render(<ContactsShow {...props(true)} />);
    expect(screen.getByText(/every conversation with them \(messages and files\)/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete contact' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('Are you sure you want to delete Rina Wulandari? This cannot be undone.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(fake.calls.at(-1)).toMatchObject({ method: 'form.delete', url: 'route:contacts.destroy:{"contact":40}' });
    unmount();
    render(<ContactsShow {...props(true)} can={{ edit: true, delete: false }} />);
    expect(screen.queryByRole('button', { name: 'Delete contact' })).toBeNull();
  });

  const whatsappRina: ContactSummary = {
    ...rina,
    id: 41,
    name: 'Rina W',
    email: null,
    channel_types: ['whatsapp'],
    conversations: 2,
  };

  it('lists likely duplicates and merges one into this contact after saying what moves', () => {
    render(<ContactsShow {...props(true)} duplicates={[whatsappRina]} />);
    const card = screen.getByRole('list', { name: 'Possible duplicates' });
    expect(card.textContent).toContain('Rina W');
    expect(card.textContent).toContain('2 conversations');
    fireEvent.click(within(card).getByRole('button', { name: 'Merge' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText('Merge Rina W into Rina Wulandari?')).toBeTruthy();
    expect(dialog.textContent).toContain('2 conversations and their identities move to');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merge contacts' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'form.post',
      url: 'route:contacts.merge:{"contact":40}',
      data: { contact_id: 41 },
      options: { errorBag: 'mergeContact' },
    });
  });

  it('finds another contact to merge by a search that reloads only the candidates', () => {
    vi.useFakeTimers();
    const { rerender } = render(<ContactsShow {...props(true)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Merge another contact' }));
    fireEvent.change(screen.getByLabelText('Search contacts'), { target: { value: ' wulan ' } });
    act(() => vi.advanceTimersByTime(300));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'reload',
      options: { only: ['merge_candidates'], data: { merge_search: 'wulan' }, preserveUrl: true },
    });
    vi.useRealTimers();
    rerender(<ContactsShow {...props(true)} merge_candidates={[whatsappRina]} />);
    const found = screen.getByRole('list', { name: 'Contacts found' });
    fireEvent.click(within(found).getByRole('button', { name: 'Merge' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Merge contacts' }));
    expect(fake.calls.at(-1)).toMatchObject({ method: 'form.post', data: { contact_id: 41 } });
  });

  it('offers no merge to a role that only reads', () => {
    render(<ContactsShow {...props(false)} duplicates={[whatsappRina]} />);
    expect(screen.queryByRole('button', { name: 'Merge another contact' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Merge' })).toBeNull();
  });

  it('starts a WhatsApp conversation with an approved template from the number chosen', () => {
    const template = presentTemplate({
      name: 'pesanan_siap',
      language: 'id',
      category: 'UTILITY',
      parameterFormat: 'POSITIONAL',
      components: [{ type: 'BODY', text: 'Halo {{1}}, pesanan Anda siap.', example: { body_text: [['Budi']] } }],
    });
    const channels = [
      { id: 3, name: 'WhatsApp Jakarta', templates: [template] },
      { id: 4, name: 'WhatsApp Bandung', templates: [] },
    ];
    render(<ContactsShow {...props(true)} whatsapp_channels={channels} />);
    fireEvent.click(screen.getByRole('button', { name: 'Message on WhatsApp' }));
    const dialog = screen.getByRole('dialog', { name: 'Message on WhatsApp' });
    expect(dialog.textContent).toContain('+62 812-3456-7890 from WhatsApp Jakarta');
    fireEvent.change(within(dialog).getByLabelText('Template'), { target: { value: 'pesanan_siap|id' } });
    fireEvent.change(within(dialog).getByLabelText('Body {{1}}'), { target: { value: 'Rina' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send template' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'form.post',
      url: 'route:contacts.conversations.store:{"contact":40}',
      data: { channel_id: 3, template: 'pesanan_siap', language: 'id', parameters: { body_1: 'Rina' } },
      options: { errorBag: 'startConversation' },
    });

    // The other number has no approved templates yet.
    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: '4' } });
    expect(dialog.textContent).toContain('This number has no approved templates yet.');
  });

  it('asks for the phone number first, and offers nothing to a role that does not reply', () => {
    const channels = [{ id: 3, name: 'WhatsApp Jakarta', templates: [] }];
    const base = props(true);
    render(<ContactsShow {...base} contact={{ ...base.contact, phone: null }} whatsapp_channels={channels} />);
    fireEvent.click(screen.getByRole('button', { name: 'Message on WhatsApp' }));
    expect(screen.getByRole('dialog').textContent).toContain('Add their phone number first');
    cleanup();
    render(<ContactsShow {...props(false)} />);
    expect(screen.queryByRole('button', { name: 'Message on WhatsApp' })).toBeNull();
  });
});

describe('contact fields', () => {
  const fieldLimits = { label: 40, perTeam: 30, options: 50, option: 60, text: 500 };
  const types = [
    { value: 'text' as const, label: 'Text' },
    { value: 'number' as const, label: 'Number' },
    { value: 'date' as const, label: 'Date' },
    { value: 'list' as const, label: 'List' },
    { value: 'yes_no' as const, label: 'Yes or no' },
  ];
  const tier = {
    id: 8,
    key: 'member_tier',
    label: 'Member tier',
    type: 'list' as const,
    options: ['Gold', 'Silver'],
    bot_readable: true,
    contacts: 3,
  };
  const kota = {
    id: 9,
    key: 'kota',
    label: 'Kota',
    type: 'text' as const,
    options: [],
    bot_readable: false,
    contacts: 0,
  };

  it('adds a field, showing the variable its label makes, with choices for a list', () => {
    render(<ContactFields fields={[tier, kota]} types={types} limits={fieldLimits} />);
    expect(screen.getByText('{{contact.member_tier}}')).toBeTruthy();
    expect(screen.getByText('3 contacts with a value')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Label'), { target: { value: 'Tanggal lahir' } });
    expect(screen.getByText('{{contact.tanggal_lahir}}')).toBeTruthy();
    expect(screen.queryByLabelText('Choices')).toBeNull();
    fireEvent.change(screen.getByLabelText('Holds'), { target: { value: 'list' } });
    fireEvent.change(screen.getByLabelText('Choices'), { target: { value: 'A\nB' } });
    // Off unless asked for.
    const botReadable = screen.getByLabelText('Bots may tell customers their own value') as HTMLInputElement;
    expect(botReadable.checked).toBe(false);
    fireEvent.click(botReadable);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'form.post',
      url: 'route:contacts.fields.store',
      data: { label: 'Tanggal lahir', type: 'list', options: 'A\nB', bot_readable: true },
      options: { errorBag: 'createContactField' },
    });
  });

  it("changes a field's label and choices but not its type, and says what deleting erases", () => {
    render(<ContactFields fields={[tier, kota]} types={types} limits={fieldLimits} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Member tier' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Member tier' });
    expect(within(dialog).queryByLabelText('Holds')).toBeNull();
    // The list says which fields bots tell; the dialog keeps the setting.
    expect(screen.getAllByText('Bots tell customers')).toHaveLength(1);
    const botReadable = within(dialog).getByLabelText('Bots may tell customers their own value') as HTMLInputElement;
    expect(botReadable.checked).toBe(true);
    expect((within(dialog).getByLabelText('Choices') as HTMLTextAreaElement).value).toBe('Gold\nSilver');
    fireEvent.change(within(dialog).getByLabelText('Choices'), { target: { value: 'Gold\nSilver\nBronze' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'form.put',
      url: 'route:contacts.fields.update:{"contactField":8}',
      data: { label: 'Member tier', options: 'Gold\nSilver\nBronze', bot_readable: true },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Member tier' }));
    expect(screen.getByRole('alertdialog', { name: 'Delete field' }).textContent).toContain(
      'Its value is erased from 3 contacts.',
    );
  });

  it("lists a contact's values on their card and sends only the values changed", () => {
    const base = {
      contact: {
        ...rina,
        external_id: null,
        locale: 'id',
        unsubscribed_at: null,
        identities: [],
        attributes: { member_tier: 'Platinum', poin: 1500000, member: true },
      },
      conversations: [],
      duplicates: [],
      whatsapp_channels: [],
      notes: [],
      contact_fields: [
        { key: 'member_tier', label: 'Member tier', type: 'list' as const, options: ['Gold', 'Silver'] },
        { key: 'poin', label: 'Poin', type: 'number' as const, options: [], bot_readable: true },
        { key: 'member', label: 'Member', type: 'yes_no' as const, options: [], bot_readable: false },
        { key: 'kota', label: 'Kota', type: 'text' as const, options: [] },
      ],
      can: { edit: true, delete: false },
    } satisfies ContactsShowProps;
    render(<ContactsShow {...base} />);
    const card = screen.getByRole('region', { name: 'Contact' });
    expect(card.textContent).toContain('Member tierPlatinum');
    // The value the team's bots tell the customer is marked so.
    expect(card.textContent).toContain('Poin1,500,000Bot tells');
    expect(within(card).getAllByText('Bot tells')).toHaveLength(1);
    expect(card.textContent).toContain('MemberYes');
    expect(card.textContent).not.toContain('Kota');

    fireEvent.click(screen.getByRole('button', { name: 'Edit contact' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit contact' });
    // A retired choice stays offered as it is until someone picks another.
    expect((within(dialog).getByLabelText('Member tier') as HTMLSelectElement).value).toBe('Platinum');
    expect(within(dialog).getByRole('option', { name: 'Platinum (no longer offered)' })).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Kota'), { target: { value: 'Bandung' } });
    fireEvent.change(within(dialog).getByLabelText('Member'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'form.put',
      url: 'route:contacts.update:{"contact":40}',
      data: { name: 'Rina Wulandari' },
    });
    expect((fake.calls.at(-1)?.data as { attributes: object }).attributes).toEqual({ kota: 'Bandung', member: '' });
  });
});
