import type { FormEvent } from 'react';
import { Link, useForm } from '@inertiajs/react';
import AuthLayout from '@/Components/AuthLayout';
import PrimaryButton from '@/Components/PrimaryButton';
import { optionalRoute, route } from '@/lib/route';

export default function VerifyEmail({ status, mailboxUrl }: { status: string | null; mailboxUrl: string | null }) {
  const form = useForm({});
  const profile = optionalRoute('profile.show');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post(route('verification.send'));
  };

  return (
    <AuthLayout
      title="Email Verification"
      status={status === 'verification-link-sent' ? 'A new verification link has been sent to the email address you provided in your profile settings.' : null}
      intro="Before continuing, could you verify your email address by clicking on the link we just emailed to you? If you didn't receive the email, we will gladly send you another."
    >
      {mailboxUrl && (
        <div className="mb-4 rounded-md border border-indigo-100 bg-indigo-50 px-3 py-2 text-sm text-indigo-900" role="note">
          No mail server is configured, so the message is in the development mailbox.{' '}
          <Link href={mailboxUrl} className="font-semibold underline hover:text-indigo-700">
            Open the mailbox
          </Link>
        </div>
      )}

      <div className="mt-4 flex flex-wrap items-center justify-between gap-4">
        <form onSubmit={submit}>
          <PrimaryButton disabled={form.processing}>Resend Verification Email</PrimaryButton>
        </form>

        <div className="flex items-center gap-2">
          {profile && (
            <Link href={profile} className="rounded-md text-sm text-gray-600 underline hover:text-gray-900">
              Edit Profile
            </Link>
          )}
          <Link href={route('logout')} method="post" as="button" className="rounded-md text-sm text-gray-600 underline hover:text-gray-900">
            Log Out
          </Link>
        </div>
      </div>
    </AuthLayout>
  );
}
