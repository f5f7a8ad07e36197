import type { FormEvent } from 'react';
import { Head, Link, useForm, usePage } from '@inertiajs/react';
import InputError from '@/Components/InputError';
import InputLabel from '@/Components/InputLabel';
import PrimaryButton from '@/Components/PrimaryButton';
import TextArea from '@/Components/TextArea';
import TextField from '@/Components/TextField';
import { fieldProps } from '@/lib/form-field';
import { route } from '@/lib/route';

const benefits = [
  'A free workspace for your team during the early-access period.',
  'Help from our team connecting WhatsApp, Telegram or your website.',
  'A direct line to the people building Kawan.',
];

function CheckIcon() {
  return (
    <svg className="mt-0.5 size-5 shrink-0 text-indigo-600" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
      <path
        fillRule="evenodd"
        d="M16.704 4.153a.75.75 0 0 1 .143 1.052l-8 10.5a.75.75 0 0 1-1.127.075l-4.5-4.5a.75.75 0 0 1 1.06-1.06l3.894 3.893 7.48-9.817a.75.75 0 0 1 1.05-.143Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

export default function EarlyAccess() {
  const joined = usePage().flash?.status === 'early-access-joined';
  const form = useForm({ name: '', email: '', company: '', use_case: '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post(route('early-access.store'), { preserveScroll: true, onSuccess: () => form.reset() });
  };

  return (
    <>
      <Head title="Early access" />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 sm:px-6 sm:py-16 lg:grid-cols-5 lg:gap-12 lg:px-8">
        <div className="lg:col-span-2">
          <h1 className="text-3xl font-bold tracking-tight text-gray-900">Get early access to Kawan</h1>
          <p className="mt-4 text-base leading-7 text-gray-600">
            We are opening Kawan to teams in small groups so that every team gets a hand setting up its first bot. Tell
            us what you want to build and we will write to you when your place is ready.
          </p>
          <ul className="mt-8 space-y-3 text-sm leading-6 text-gray-600">
            {benefits.map((benefit) => (
              <li key={benefit} className="flex gap-3">
                <CheckIcon />
                {benefit}
              </li>
            ))}
          </ul>
        </div>

        <div className="lg:col-span-3">
          {joined ? (
            <div className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-100 sm:p-8" role="status">
              <h2 className="text-xl font-semibold text-gray-900">Thank you, you are on the list.</h2>
              <p className="mt-3 text-sm leading-6 text-gray-600">
                We read every request ourselves. When your place is ready you will get an e-mail with an invitation to
                set up your team.
              </p>
              <Link
                href={route('welcome')}
                className="mt-6 inline-block text-sm font-semibold text-indigo-600 hover:text-indigo-500"
              >
                Back to the home page <span aria-hidden="true">→</span>
              </Link>
            </div>
          ) : (
            <form
              onSubmit={submit}
              className="space-y-6 rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-100 sm:p-8"
              noValidate
            >
              <div className="grid gap-6 sm:grid-cols-2">
                <TextField label="Name" {...fieldProps(form, 'name')} autoComplete="name" required />
                <TextField
                  label="Work e-mail"
                  type="email"
                  {...fieldProps(form, 'email')}
                  autoComplete="email"
                  required
                />
              </div>
              <TextField
                label={
                  <>
                    Company <span className="font-normal text-gray-400">(optional)</span>
                  </>
                }
                {...fieldProps(form, 'company')}
                autoComplete="organization"
              />
              <div>
                <InputLabel htmlFor="use_case" value="What do you want to build?" />
                <TextArea
                  id="use_case"
                  className="mt-1 block w-full"
                  rows={5}
                  value={form.data.use_case}
                  onChange={(event) => form.setData('use_case', event.target.value)}
                  placeholder="For example: a WhatsApp assistant that answers delivery questions and hands over to our support team."
                  aria-invalid={Boolean(form.errors.use_case)}
                  aria-describedby="use_case-error"
                  required
                />
                <InputError id="use_case-error" className="mt-2" message={form.errors.use_case} />
              </div>
              <div className="flex flex-col-reverse gap-4 sm:flex-row sm:items-center sm:justify-between">
                <p className="text-xs leading-5 text-gray-500">
                  We use your details only to contact you about Kawan. See our{' '}
                  <Link href={route('privacy-policy')} className="underline hover:text-gray-700">
                    privacy policy
                  </Link>
                  .
                </p>
                <PrimaryButton className="shrink-0 whitespace-nowrap" disabled={form.processing}>
                  Request access
                </PrimaryButton>
              </div>
            </form>
          )}
        </div>
      </div>
    </>
  );
}
