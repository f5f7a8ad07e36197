// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ContactNotes from '@/Pages/Contacts/Partials/ContactNotes';
import type { ContactNote } from '../../server/domain/contacts/notes';
import type { FormCall } from './support/fake-use-form';

// useForm as local state that records its submissions; router.delete recorded; route() names the route.
const fake = vi.hoisted(() => ({ calls: [] as FormCall[] }));

vi.mock('@inertiajs/react', async () => {
  const { fakeUseForm } = await import('./support/fake-use-form');
  return {
    useForm: fakeUseForm(fake.calls),
    router: { delete: (url: string, options: unknown) => fake.calls.push({ method: 'delete', url, options }) },
  };
});
vi.mock('@/lib/route', () => ({
  route: (name: string, params?: unknown) => `route:${name}:${JSON.stringify(params)}`,
}));

afterEach(() => {
  cleanup();
  fake.calls.length = 0;
});

const note = (id: number, text: string, canDelete: boolean, author: string | null = 'Dewi Lestari'): ContactNote => ({
  id,
  text,
  author: author ? { id: 3, name: author } : null,
  created_at: new Date(Date.now() - 3_600_000).toISOString(),
  can_delete: canDelete,
});

describe('notes about a contact', () => {
  it('lists them newest first with their author, and saves a new one in its error bag', () => {
    render(
      <ContactNotes
        contactId={9}
        notes={[note(2, 'Pelanggan tetap: 10 kg tiap bulan', true), note(1, 'Alergi susu sapi', false, null)]}
        canEdit
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Notes' })).getAllByRole('listitem');
    expect(items[0].textContent).toContain('Pelanggan tetap: 10 kg tiap bulan');
    expect(items[0].textContent).toContain('Dewi Lestari');
    expect(items[1].textContent).toContain('A former teammate');
    // Only one's own (or, for owners and admins, any) can be deleted.
    expect(within(items[1]).queryByRole('button', { name: /Delete/ })).toBeNull();

    const save = screen.getByRole('button', { name: 'Save note' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Suka kirim via WhatsApp malam hari' } });
    fireEvent.click(save);
    expect(fake.calls).toEqual([
      {
        method: 'post',
        url: 'route:contacts.notes.store:{"contact":9}',
        data: { text: 'Suka kirim via WhatsApp malam hari' },
        options: expect.objectContaining({ errorBag: 'contactNote', preserveScroll: true }),
      },
    ]);
  });

  it('asks before deleting one', () => {
    render(<ContactNotes contactId={9} notes={[note(2, 'Pelanggan tetap', true)]} canEdit />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete the note “Pelanggan tetap”' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this note?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete note' }));
    expect(fake.calls).toEqual([
      {
        method: 'delete',
        url: 'route:contacts.notes.destroy:{"contact":9,"note":2}',
        options: expect.objectContaining({ preserveScroll: true }),
      },
    ]);
  });

  it('shows a viewer the notes without the form', () => {
    render(<ContactNotes contactId={9} notes={[]} canEdit={false} />);
    expect(screen.queryByRole('form', { name: 'Add a note about this contact' })).toBeNull();
    expect(screen.getByText('No notes yet.')).toBeTruthy();
  });
});
