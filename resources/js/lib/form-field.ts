/** The part of Inertia's `useForm()` that a text field reads and writes. */
type TextForm<K extends string> = {
  data: { [P in K]: string };
  errors: Partial<Record<K, string>>;
  setData(key: K, value: string): void;
};

/**
 * A TextField bound to a form's key: the key as the input's id, its value, its change handler and
 * its error. `<TextField label="Email" {...fieldProps(form, 'email')} />`; an `id` given after the
 * spread wins.
 */
export function fieldProps<K extends string>(form: TextForm<NoInfer<K>>, name: K) {
  return {
    id: name,
    value: form.data[name],
    onChange: (value: string) => form.setData(name, value),
    error: form.errors[name],
  };
}
