// @vitest-environment jsdom
import { useState, type ComponentProps, type ReactNode } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ActionMessage from '@/Components/ActionMessage';
import Banner from '@/Components/Banner';
import ConfirmationModal from '@/Components/ConfirmationModal';
import DialogModal from '@/Components/DialogModal';
import Dropdown from '@/Components/Dropdown';
import Icon from '@/Components/Icon';
import InputError from '@/Components/InputError';
import Modal from '@/Components/Modal';
import NavLink from '@/Components/NavLink';
import TextInput from '@/Components/TextInput';
import DropdownLink from '@/Components/DropdownLink';
import { MetaPagination } from '@/Components/Pagination';
import PastLastPage from '@/Components/PastLastPage';
import { pageMeta } from '../../server/http/pagination';

type Flash = Record<string, unknown>;
type PageStub = { component: string; url: string; flash: Flash };
type Listener = (event: { detail: { flash?: Flash; page?: PageStub } }) => void;

// Inertia stands in as the current page plus the router's `flash` and `navigate` events, and Link
// as an anchor.
const inertia = vi.hoisted(() => ({
  page: { component: 'Dashboard', url: '/dashboard', flash: {} } as PageStub,
  listeners: new Map<string, Set<Listener>>(),
}));

vi.mock('@inertiajs/react', () => ({
  usePage: () => inertia.page,
  router: {
    on: (event: string, listener: Listener) => {
      const listeners = inertia.listeners.get(event) ?? new Set<Listener>();
      inertia.listeners.set(event, listeners);
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  },
  Link: ({ href, ...props }: ComponentProps<'a'> & { href: string }) => <a href={href} {...props} />,
}));

function emit(event: string, detail: { flash?: Flash; page?: PageStub }) {
  act(() => inertia.listeners.get(event)?.forEach((listener) => listener({ detail })));
}

/** A response arriving: the page (this one unless another is named) with its flash. */
function respond(flash: Flash, page: Partial<PageStub> = {}) {
  inertia.page = { ...inertia.page, ...page, flash };
  emit('navigate', { page: inertia.page });
  if (Object.keys(flash).length > 0) emit('flash', { flash });
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('InputError', () => {
  it.each([[undefined], ['']])('renders nothing for %j', (message) => {
    const { container } = render(<InputError message={message} />);
    expect(container.innerHTML).toBe('');
  });

  it('renders the message', () => {
    render(<InputError id="email-error" message="The email field is required." />);
    const error = screen.getByText('The email field is required.');
    expect(error.id).toBe('email-error');
  });
});

describe('Icon', () => {
  it('is decoration unless it is given a label', () => {
    render(
      <>
        <Icon name="check-circle" className="size-5" data-testid="decorative" />
        <Icon name="computer-desktop" label="Desktop" />
      </>,
    );

    const decorative = screen.getByTestId('decorative');
    expect(decorative.getAttribute('aria-hidden')).toBe('true');
    expect(decorative.getAttribute('class')).toBe('size-5');
    expect(decorative.querySelector('path')?.getAttribute('d')).toMatch(/^M9 12\.75/);
    expect(screen.getByRole('img', { name: 'Desktop' }).hasAttribute('aria-hidden')).toBe(false);
  });
});

describe('ActionMessage', () => {
  it('shows its children only while on, fading them out afterwards', () => {
    vi.useFakeTimers();
    const { rerender } = render(<ActionMessage on={false}>Saved.</ActionMessage>);
    expect(screen.queryByText('Saved.')).toBeNull();

    rerender(<ActionMessage on>Saved.</ActionMessage>);
    expect(screen.getByText('Saved.')).toBeTruthy();
    expect(screen.getByRole('status').className).toContain('opacity-100');

    rerender(<ActionMessage on={false}>Saved.</ActionMessage>);
    expect(screen.getByRole('status').className).toContain('opacity-0');

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Saved.')).toBeNull();
  });
});

describe('Modal', () => {
  it('renders nothing when not shown', () => {
    render(
      <Modal show={false} onClose={() => {}} label="Example">
        <p>Body</p>
      </Modal>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('Body')).toBeNull();
  });

  it('renders an accessible dialog into the body and closes on Escape', () => {
    const onClose = vi.fn();
    const { container } = render(
      <Modal show onClose={onClose} label="Example">
        <button type="button">Inside</button>
      </Modal>,
    );

    const dialog = screen.getByRole('dialog', { name: 'Example' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(container.contains(dialog)).toBe(false);
    expect(document.activeElement).toBe(screen.getByText('Inside'));
    expect(document.body.style.overflow).toBe('hidden');

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on a backdrop click', () => {
    const onClose = vi.fn();
    render(
      <Modal show onClose={onClose} label="Example">
        <p>Body</p>
      </Modal>,
    );

    fireEvent.click(screen.getByText('Body'));
    expect(onClose).not.toHaveBeenCalled();

    const backdrop = screen.getByRole('dialog').previousElementSibling;
    fireEvent.click(backdrop as Element);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('stays open on Escape and backdrop clicks when not closeable', () => {
    const onClose = vi.fn();
    render(
      <Modal show onClose={onClose} closeable={false} label="Example">
        <p>Body</p>
      </Modal>,
    );

    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(screen.getByRole('dialog').previousElementSibling as Element);
    expect(onClose).not.toHaveBeenCalled();
  });

  /** A button that opens the modal, which closes on its onClose. */
  function ModalOpener({ label, children }: { label: string; children: ReactNode }) {
    const [show, setShow] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setShow(true)}>
          Open
        </button>
        <Modal show={show} onClose={() => setShow(false)} label={label}>
          {children}
        </Modal>
      </>
    );
  }

  /** Renders the opener, focuses it and clicks it, as a keyboard user's Enter would; returns it. */
  function openFromButton(label: string, children: ReactNode) {
    render(<ModalOpener label={label}>{children}</ModalOpener>);
    const opener = screen.getByText('Open');
    opener.focus();
    fireEvent.click(opener);
    return opener;
  }

  it('keeps Tab inside and gives focus back on close', () => {
    const opener = openFromButton(
      'Example',
      <>
        <button type="button">First</button>
        <button type="button">Last</button>
      </>,
    );

    const first = screen.getByText('First');
    const last = screen.getByText('Last');
    expect(document.activeElement).toBe(first);

    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(first);

    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.body.style.overflow).toBe('');
  });

  it('leaves the focus on a child that took it and still gives it back on close', () => {
    const opener = openFromButton(
      'Confirm Password',
      <>
        <button type="button">Cancel</button>
        <TextInput aria-label="Password" isFocused />
      </>,
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(document.activeElement).toBe(opener);
  });
});

describe('ConfirmationModal', () => {
  it('renders its title, content and footer as a labelled alert dialog', () => {
    render(
      <ConfirmationModal show onClose={() => {}} title="Delete Bot" footer={<button type="button">Cancel</button>}>
        Are you sure you would like to delete this bot?
      </ConfirmationModal>,
    );

    const dialog = screen.getByRole('alertdialog', { name: 'Delete Bot' });
    expect(dialog.getAttribute('aria-describedby')).toBe(
      screen.getByText('Are you sure you would like to delete this bot?').id,
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('renders nothing when not shown', () => {
    render(
      <ConfirmationModal show={false} onClose={() => {}} title="Delete Bot" footer={null}>
        Content
      </ConfirmationModal>,
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('DialogModal', () => {
  it('renders its title, content and footer as a labelled dialog', () => {
    render(
      <DialogModal show onClose={() => {}} title="Create API Token" footer={<button type="button">Done</button>}>
        Please copy your new API token.
      </DialogModal>,
    );

    expect(screen.getByRole('dialog', { name: 'Create API Token' })).toBeTruthy();
    expect(screen.getByText('Please copy your new API token.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy();
  });
});

describe('Dropdown', () => {
  function renderDropdown() {
    render(
      <>
        <Dropdown trigger="Account">
          <button type="button">Profile</button>
        </Dropdown>
        <p>Outside</p>
      </>,
    );
    return screen.getByRole('button', { name: 'Account' });
  }

  it('toggles its panel and reports the state on the trigger', () => {
    const trigger = renderDropdown();
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Profile')).toBeNull();

    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(trigger.getAttribute('aria-controls')).toBe(screen.getByText('Profile').closest('[id]')?.id);

    fireEvent.click(trigger);
    expect(screen.queryByText('Profile')).toBeNull();
  });

  it('closes on a click outside, on Escape and when an item is chosen', () => {
    const trigger = renderDropdown();

    fireEvent.click(trigger);
    fireEvent.mouseDown(screen.getByText('Outside'));
    expect(screen.queryByText('Profile')).toBeNull();

    fireEvent.click(trigger);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByText('Profile')).toBeNull();

    fireEvent.click(trigger);
    fireEvent.click(screen.getByText('Profile'));
    expect(screen.queryByText('Profile')).toBeNull();
  });
});

describe('Banner', () => {
  const onPage = (flash: Flash) => {
    inertia.page = { component: 'Dashboard', url: '/dashboard', flash };
  };

  it('renders nothing without a banner in the flash', () => {
    onPage({});
    const { container } = render(<Banner />);
    expect(container.innerHTML).toBe('');
  });

  // The banner's look is its own chunk (BannerView), loaded the first time one shows: the first
  // appearance is awaited, later ones render at once.
  it('shows a success banner as a status and a danger banner as an alert', async () => {
    onPage({ banner: 'Team created.' });
    const { unmount } = render(<Banner />);
    expect((await screen.findByRole('status')).textContent).toContain('Team created.');
    unmount();

    onPage({ banner: 'Payment failed.', bannerStyle: 'danger' });
    render(<Banner />);
    expect((await screen.findByRole('alert')).textContent).toContain('Payment failed.');
  });

  it('hides when dismissed and shows again when a response flashes a banner, even the same one', async () => {
    onPage({ banner: 'Saved.' });
    render(<Banner />);

    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Saved.')).toBeNull();

    respond({ other: 'value' });
    expect(screen.queryByText('Saved.')).toBeNull();

    respond({ banner: 'Saved.' });
    expect(await screen.findByText('Saved.')).toBeTruthy();
  });

  it('stays through a partial reload of its page (a live notification) and goes with the page', async () => {
    onPage({ banner: 'Great! You have accepted the invitation.' });
    render(<Banner />);
    await screen.findByText('Great! You have accepted the invitation.');

    respond({}, { url: '/dashboard?tab=1' });
    expect(screen.getByText('Great! You have accepted the invitation.')).toBeTruthy();

    respond({}, { component: 'Teams/Show', url: '/teams/1' });
    expect(screen.queryByText('Great! You have accepted the invitation.')).toBeNull();

    respond({ banner: 'Team updated.' }, { component: 'Teams/Show', url: '/teams/1' });
    expect(await screen.findByText('Team updated.')).toBeTruthy();
  });
});

describe('NavLink', () => {
  it('marks the active link as the current page', () => {
    render(
      <>
        <NavLink href="/dashboard" active>
          Dashboard
        </NavLink>
        <NavLink href="/bots">Bots</NavLink>
      </>,
    );

    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Bots' }).hasAttribute('aria-current')).toBe(false);
  });
});

describe('DropdownLink', () => {
  it('renders a link by default and a submit button with as="button"', () => {
    render(
      <>
        <DropdownLink href="/user/profile">Profile</DropdownLink>
        <form>
          <DropdownLink as="button">Log Out</DropdownLink>
        </form>
      </>,
    );

    expect(screen.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/user/profile');
    const logout = screen.getByRole('button', { name: 'Log Out' });
    expect(logout.getAttribute('type')).toBe('submit');
    expect(logout.hasAttribute('as')).toBe(false);
  });
});

describe('MetaPagination and PastLastPage', () => {
  const page = (n: number) => `/bots?page=${n}`;

  it('shows the range of a page and links the pages next to it', () => {
    render(<MetaPagination meta={pageMeta(2, 10, 25)} noun={['bot', 'bots']} label="Bots pages" page={page} />);
    const nav = screen.getByRole('navigation', { name: 'Bots pages' });
    expect(nav.textContent).toContain('Showing 11 to 20 of 25 bots');
    expect(screen.getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/bots?page=1');
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/bots?page=3');
  });

  it('past the last page, counts what there is instead of a range, and says where it is', () => {
    // A bookmark to page 9 of one bot: "Showing 81 to 1 of 1" before.
    expect(pageMeta(9, 10, 1)).toMatchObject({ from: null, to: null, last_page: 1 });
    render(<MetaPagination meta={pageMeta(9, 10, 1)} noun={['bot', 'bots']} page={page} />);
    expect(screen.getByRole('navigation').textContent).toContain('1 bot');
    expect(screen.getByRole('navigation').textContent).not.toContain('Showing');
    expect(screen.getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/bots?page=1');
    cleanup();

    render(<PastLastPage total={1} noun="bot" firstPage="/bots" />);
    expect(screen.getByText(/There is 1 bot/).textContent).toBe('There is 1 bot, on the first page.');
    expect(screen.getByRole('link', { name: 'First page' }).getAttribute('href')).toBe('/bots');
    cleanup();
    render(<PastLastPage total={36} noun="gap" firstPage="/reports/gaps" />);
    expect(screen.getByText(/There are/).textContent).toBe('There are 36 gaps, all on earlier pages.');
  });
});
