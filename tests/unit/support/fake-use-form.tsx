import { useState } from 'react';

/** What a fake form records of a submission: the method, the URL, the data as it stood, the options. */
export interface FormCall {
  method: string;
  url: string;
  data?: unknown;
  options?: unknown;
}

/**
 * Inertia's `useForm` for unit tests, in `vi.mock('@inertiajs/react', …)`: local state that records
 * each submission in `calls` (as `{ method, url, data, options }`) instead of sending it.
 */
export function fakeUseForm(calls: FormCall[]) {
  return function useForm<T extends Record<string, unknown>>(initial: T) {
    const [data, setAll] = useState<T>(initial);
    const submit = (method: string) => (url: string, options?: unknown) => {
      calls.push({ method, url, data, options });
    };
    return {
      data,
      errors: {} as Record<string, string>,
      processing: false,
      recentlySuccessful: false,
      setData: (key: string, value: unknown) => setAll((current) => ({ ...current, [key]: value })),
      reset: () => setAll(initial),
      post: submit('post'),
      put: submit('put'),
    };
  };
}
