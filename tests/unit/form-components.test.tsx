// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DangerButton from '@/Components/DangerButton';
import PasswordPromptModal, { type PasswordPromptModalProps } from '@/Components/PasswordPromptModal';
import PrimaryButton from '@/Components/PrimaryButton';
import SecondaryButton from '@/Components/SecondaryButton';
import TextField from '@/Components/TextField';
import { usePasswordPrompt } from '@/hooks/use-password-prompt';
import { fieldProps } from '@/lib/form-field';

type VisitOptions = {
  preserveScroll?: boolean;
  onSuccess?: () => void;
  onError?: (errors: Record<string, string>) => void;
  onFinish?: () => void;
};
type Visit = {
  url: string;
  data: Record<string, unknown>;
  options: VisitOptions;
  fail: (errors: Record<string, string>) => void;
  succeed: () => void;
};

// Inertia's useForm stands in as local state; each DELETE is recorded for the test to answer.
const visits = vi.hoisted(() => [] as Visit[]);

vi.mock('@inertiajs/react', async () => {
  const { useState } = await import('react');
  return {
    useForm: <T extends Record<string, unknown>>(initial: T) => {
      const [data, setData] = useState(initial);
      const [errors, setErrors] = useState<Record<string, string>>({});
      return {
        data,
        errors,
        processing: false,
        recentlySuccessful: false,
        setData: (key: string, value: unknown) => setData((current) => ({ ...current, [key]: value })),
        reset: () => setData(initial),
        clearErrors: () => setErrors({}),
        delete: (url: string, options: VisitOptions) =>
          visits.push({
            url,
            data,
            options,
            fail: (failures) => {
              setErrors(failures);
              options.onError?.(failures);
              options.onFinish?.();
            },
            succeed: () => {
              options.onSuccess?.();
              options.onFinish?.();
            },
          }),
      };
    },
  };
});

afterEach(() => {
  cleanup();
  visits.length = 0;
});

describe('TextField', () => {
  it('labels the input and points it at its error message', () => {
    const { rerender } = render(
      <TextField id="email" label="Email" type="email" value="" onChange={() => {}} autoComplete="username" />,
    );

    const input = screen.getByLabelText('Email');
    expect(input.id).toBe('email');
    expect(input.getAttribute('type')).toBe('email');
    expect(input.getAttribute('autocomplete')).toBe('username');
    expect(input.getAttribute('aria-describedby')).toBe('email-error');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(document.getElementById('email-error')).toBeNull();

    rerender(<TextField id="email" label="Email" value="" onChange={() => {}} error="The email field is required." />);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('email-error')?.textContent).toBe('The email field is required.');
  });

  it('reports the typed value, takes another error id, and shows children below the error', () => {
    const onChange = vi.fn();
    const { container } = render(
      <TextField
        id="name"
        label="Team Name"
        className="col-span-6"
        value=""
        onChange={onChange}
        error="Taken."
        errorId="create-team-name-error"
      >
        <p>Hint</p>
      </TextField>,
    );

    const input = screen.getByLabelText('Team Name');
    fireEvent.change(input, { target: { value: 'Acme' } });
    expect(onChange).toHaveBeenCalledWith('Acme');
    expect(input.getAttribute('aria-describedby')).toBe('create-team-name-error');
    expect(document.getElementById('create-team-name-error')?.textContent).toBe('Taken.');

    const wrapper = container.firstElementChild as HTMLElement;
    expect(wrapper.className).toBe('col-span-6');
    expect(wrapper.lastElementChild?.textContent).toBe('Hint');
  });
});

describe('fieldProps', () => {
  it("binds a field to a form's key: id, value, change and error", () => {
    const form = {
      data: { email: 'sari@example.com', remember: false },
      errors: { email: 'Invalid.' },
      setData: vi.fn(),
    };

    const props = fieldProps(form, 'email');
    expect(props).toMatchObject({ id: 'email', value: 'sari@example.com', error: 'Invalid.' });
    props.onChange('new@example.com');
    expect(form.setData).toHaveBeenCalledWith('email', 'new@example.com');
  });
});

describe('PasswordPromptModal', () => {
  function renderPrompt(props: Partial<PasswordPromptModalProps> = {}) {
    const handlers = { onClose: vi.fn(), onSubmit: vi.fn(), onPasswordChange: vi.fn() };
    render(
      <PasswordPromptModal show title="Delete Account" button="Delete Account" password="" {...handlers} {...props}>
        Are you sure you want to delete your account?
      </PasswordPromptModal>,
    );
    return handlers;
  }

  it('asks for the password in a titled dialog, with the field focused', () => {
    const { onPasswordChange } = renderPrompt();

    const dialog = screen.getByRole('dialog', { name: 'Delete Account' });
    expect(dialog.textContent).toContain('Are you sure you want to delete your account?');
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('type')).toBe('password');
    expect(input.getAttribute('placeholder')).toBe('Password');
    expect(input.getAttribute('autocomplete')).toBe('current-password');
    expect(document.activeElement).toBe(input);

    fireEvent.change(input, { target: { value: 'secret' } });
    expect(onPasswordChange).toHaveBeenCalledWith('secret');
  });

  it('confirms on Enter and on the button, and closes on Cancel', () => {
    const { onSubmit, onClose } = renderPrompt();
    const input = screen.getByLabelText('Password');

    fireEvent.keyDown(input, { key: 'a' });
    expect(onSubmit).not.toHaveBeenCalled();
    expect(fireEvent.keyDown(input, { key: 'Enter' })).toBe(false);
    expect(onSubmit).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    expect(onSubmit).toHaveBeenCalledTimes(2);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('points the field at its error and disables the button while processing', () => {
    renderPrompt({ error: 'The password is incorrect.', errorId: 'delete-user-password-error', processing: true });

    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('delete-user-password-error');
    expect(document.getElementById('delete-user-password-error')?.textContent).toBe('The password is incorrect.');
    expect((screen.getByRole('button', { name: 'Delete Account' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('usePasswordPrompt', () => {
  function Harness() {
    const prompt = usePasswordPrompt('/user');
    return (
      <>
        <button type="button" onClick={prompt.open}>
          Open
        </button>
        <PasswordPromptModal {...prompt.modal} title="Delete Account" button="Delete Account" danger>
          Sure?
        </PasswordPromptModal>
      </>
    );
  }

  const password = () => screen.getByLabelText('Password') as HTMLInputElement;

  it('sends the password with a DELETE on Enter; a wrong one shows the error and refocuses the field', () => {
    render(<Harness />);
    fireEvent.click(screen.getByText('Open'));
    fireEvent.change(password(), { target: { value: 'secret' } });
    fireEvent.keyDown(password(), { key: 'Enter' });

    expect(visits).toHaveLength(1);
    expect(visits[0]).toMatchObject({ url: '/user', data: { password: 'secret' }, options: { preserveScroll: true } });

    screen.getByRole('button', { name: 'Cancel' }).focus();
    act(() => visits[0].fail({ password: 'The password is incorrect.' }));
    expect(screen.getByText('The password is incorrect.')).toBeTruthy();
    expect(password().getAttribute('aria-invalid')).toBe('true');
    expect(password().value).toBe('');
    expect(document.activeElement).toBe(password());
  });

  it('clears the password and the error when closed', () => {
    render(<Harness />);
    fireEvent.click(screen.getByText('Open'));
    fireEvent.change(password(), { target: { value: 'secret' } });
    fireEvent.keyDown(password(), { key: 'Enter' });
    act(() => visits[0].fail({ password: 'The password is incorrect.' }));
    fireEvent.change(password(), { target: { value: 'typed again' } });

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByText('Open'));
    expect(password().value).toBe('');
    expect(screen.queryByText('The password is incorrect.')).toBeNull();
  });

  it('closes once the server accepts', () => {
    render(<Harness />);
    fireEvent.click(screen.getByText('Open'));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Account' }));

    act(() => visits[0].succeed());
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('PrimaryButton, SecondaryButton, DangerButton', () => {
  it('submit by default only for the primary button, and keep extra classes', () => {
    render(
      <form>
        <PrimaryButton>Save</PrimaryButton>
        <SecondaryButton>Cancel</SecondaryButton>
        <DangerButton className="ms-3">Delete</DangerButton>
      </form>,
    );

    expect(screen.getByRole('button', { name: 'Save' }).getAttribute('type')).toBe('submit');
    expect(screen.getByRole('button', { name: 'Cancel' }).getAttribute('type')).toBe('button');
    const danger = screen.getByRole('button', { name: 'Delete' });
    expect(danger.getAttribute('type')).toBe('button');
    expect(danger.className).toContain('bg-red-600');
    expect(danger.className.endsWith(' ms-3')).toBe(true);
  });
});
