// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type * as JsonRequestModule from '@/lib/json-request';
import ModelProviderManager, { type TeamProvider } from '@/Pages/Teams/Partials/ModelProviderManager';

type Options = Record<string, unknown> & { onSuccess?: () => void };
type Call = { method: string; url: string; data?: unknown; options?: Options };

// useForm as local state that records its submissions (and calls onSuccess, as after a 303);
// route() names the route and its parameters; requestJson is a mock per test.
const fake = vi.hoisted(() => ({
  calls: [] as Call[],
  requestJson: null as unknown as Mock<(...args: unknown[]) => Promise<unknown>>,
}));

vi.mock('@inertiajs/react', async () => {
  const { useState } = await import('react');
  return {
    router: { reload: (options?: Options) => fake.calls.push({ method: 'reload', url: '', options }) },
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
          setAll((current) => (typeof key === 'string' ? { ...current, [key]: value } : key)),
        reset: () => setAll(initial),
        clearErrors: () => {},
        post: submit('post'),
        put: submit('put'),
        delete: submit('delete'),
      };
    },
  };
});

vi.mock('@/lib/route', () => ({
  route: (name: string, params?: unknown) => `route:${name}${params === undefined ? '' : `:${JSON.stringify(params)}`}`,
}));

vi.mock('@/lib/json-request', async (importOriginal) => {
  const actual = await importOriginal<typeof JsonRequestModule>();
  return { ...actual, requestJson: (...args: unknown[]) => fake.requestJson(...args) };
});

const providers: TeamProvider[] = [
  {
    id: 5,
    name: 'Server tim',
    base_url: 'https://llm.example.com/v1',
    has_key: true,
    key_hint: '••••abcd',
    models: ['llama3.1:8b', 'qwen2.5:7b'],
    last_tested_at: new Date(Date.now() - 2 * 3600_000).toISOString(),
    last_test_result: 'Connected: 2 models.',
  },
  {
    id: 6,
    name: 'Ollama lokal',
    base_url: 'http://ollama.example.com:11434/v1',
    has_key: false,
    key_hint: null,
    models: [],
    last_tested_at: null,
    last_test_result: null,
  },
];

beforeEach(() => {
  fake.calls.length = 0;
  fake.requestJson = vi.fn<(...args: unknown[]) => Promise<unknown>>();
});

afterEach(cleanup);

describe('Teams/Show: ModelProviderManager', () => {
  it('lists each server with its key hint (never a key), models and last test', () => {
    render(<ModelProviderManager team={{ id: 7 }} providers={providers} />);

    const first = screen.getByRole('listitem', { name: 'Server tim' });
    expect(first.textContent).toContain('https://llm.example.com/v1');
    expect(first.textContent).toContain('••••abcd');
    expect(within(first).getByRole('list', { name: 'Models of Server tim' }).textContent).toBe('llama3.1:8bqwen2.5:7b');
    expect(first.textContent).toContain('Last test 2 hours ago: Connected: 2 models.');

    const second = screen.getByRole('listitem', { name: 'Ollama lokal' });
    expect(second.textContent).toContain('No key');
    expect(second.textContent).toContain('Not tested yet.');
    expect(document.querySelectorAll('input[type="password"]')).toHaveLength(1);
    expect((screen.getByLabelText('API key') as HTMLInputElement).value).toBe('');
  });

  it('adds a server with the saveProvider bag and empties the form', () => {
    render(<ModelProviderManager team={{ id: 7 }} providers={[]} />);

    expect(screen.queryByRole('list', { name: 'Model providers' })).toBeNull();
    expect(screen.getByLabelText('Base URL').getAttribute('placeholder')).toBe('https://api.openai.com/v1');
    const key = screen.getByLabelText('API key');
    expect(key.getAttribute('type')).toBe('password');
    expect(key.getAttribute('autocomplete')).toBe('off');

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Server tim' } });
    fireEvent.change(screen.getByLabelText('Base URL'), { target: { value: 'https://llm.example.com/v1' } });
    fireEvent.change(key, { target: { value: 'sk-secret' } });
    fireEvent.change(screen.getByLabelText('Models'), { target: { value: 'llama3.1:8b\nqwen2.5:7b' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));

    expect(fake.calls.at(-1)).toMatchObject({
      method: 'form.post',
      url: 'route:team-providers.store:7',
      data: {
        name: 'Server tim',
        base_url: 'https://llm.example.com/v1',
        api_key: 'sk-secret',
        models: 'llama3.1:8b\nqwen2.5:7b',
      },
      options: { errorBag: 'saveProvider' },
    });
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });

  it('tests a connection, shows what the server said, and reloads the providers', async () => {
    fake.requestJson.mockResolvedValue({ ok: false, status: 401, message: 'The key was refused.', latencyMs: 120 });
    render(<ModelProviderManager team={{ id: 7 }} providers={providers} />);

    fireEvent.click(screen.getByRole('button', { name: 'Test the connection to Server tim' }));

    const item = screen.getByRole('listitem', { name: 'Server tim' });
    await waitFor(() => expect(item.textContent).toContain('The key was refused.'));
    expect(fake.requestJson).toHaveBeenCalledWith('POST', 'route:team-providers.test:[7,5]');
    expect(within(item).getByText('Failed')).toBeTruthy();
    expect(item.textContent).toContain('120 ms');
    expect(fake.calls.at(-1)).toMatchObject({ method: 'reload', options: { only: ['providers'] } });
  });

  it('edits with the key left empty to keep it, and removes after a confirmation', () => {
    render(<ModelProviderManager team={{ id: 7 }} providers={providers} />);

    fireEvent.click(screen.getByRole('button', { name: 'Edit Server tim' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Server tim' });
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Server tim');
    expect((within(dialog).getByLabelText('API key') as HTMLInputElement).value).toBe('');
    expect(dialog.textContent).toContain('Leave it empty to keep the stored key.');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Server tim 2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'form.put',
      url: 'route:team-providers.update:[7,5]',
      data: { name: 'Server tim 2', api_key: '', models: 'llama3.1:8b\nqwen2.5:7b' },
      options: { errorBag: 'saveProvider' },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Remove Ollama lokal' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(fake.calls.at(-1)).toMatchObject({ method: 'form.delete', url: 'route:team-providers.destroy:[7,6]' });
  });
});
