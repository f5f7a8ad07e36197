// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SavedReplies from '@/Pages/Conversations/SavedReplies';
import Labels from '@/Pages/Conversations/Labels';

type Options = Record<string, unknown> & { onSuccess?: () => void };
type Call = { method: string; url: string; data?: unknown; options?: Options };

// useForm as local state that records its submissions (and calls onSuccess, as after a 303);
// route() names the route and its parameters; the layout's header renders its children.
const fake = vi.hoisted(() => ({ calls: [] as Call[] }));

vi.mock('@inertiajs/react', async () => {
  const { useState } = await import('react');
  return {
    Head: ({ title }: { title?: string }) => <title>{title}</title>,
    Link: ({ href, children, className }: { href: string; children: ReactNode; className?: string }) => (
      <a href={href} className={className}>
        {children}
      </a>
    ),
    useForm: <T extends Record<string, unknown>>(initial: T) => {
      const [data, setAll] = useState<T>(initial);
      const submit = (method: string) => (url: string, options?: Options) => {
        fake.calls.push({ method: `form.${method}`, url, data, options });
        options?.onSuccess?.();
      };
      return {
        data,
        errors: {},
        processing: false,
        recentlySuccessful: false,
        setData: (key: string | T, value?: unknown) =>
          setAll((current) => (typeof key === 'string' ? { ...current, [key]: value } : { ...current, ...key })),
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
    render(<SavedReplies replies={replies} limits={limits} />);
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
    render(<SavedReplies replies={replies} limits={limits} />);
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
    const { unmount } = render(<SavedReplies replies={[]} limits={limits} />);
    expect(screen.getByText('No saved replies yet')).toBeTruthy();
    unmount();
    render(<SavedReplies replies={replies} limits={{ ...limits, perTeam: 2 }} />);
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
