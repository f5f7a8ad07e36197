import { Head, Link, usePage } from '@inertiajs/react';
import type { MailboxIndexProps } from '../../../../../server/presenters/mail-presenter';
import { formatDateTime, fromNow } from '@/lib/dates';

/** Development only: the mail Kawan kept instead of sending, newest first. */
export default function Index({ messages, appUrl }: MailboxIndexProps) {
  const appName = usePage().props.app.name;
  return (
    <>
      <Head title="Mailbox" />
      <div className="min-h-screen bg-gray-100">
        <header className="border-b border-gray-200 bg-white">
          <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6 lg:px-8">
            <Link href={appUrl} className="text-sm text-indigo-700 hover:text-indigo-600">
              ← Back to {appName}
            </Link>
            <h1 className="mt-2 text-xl font-semibold text-gray-900">Mailbox</h1>
            <p className="mt-1 text-sm text-gray-600">
              Mail sent while no mail server is configured (MAIL_URL) lands here instead. Development only.
            </p>
          </div>
        </header>

        <main className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
          {messages.length === 0 ? (
            <div className="rounded-lg bg-white px-6 py-12 text-center shadow-sm">
              <p className="text-sm font-medium text-gray-900">No mail yet.</p>
              <p className="mt-1 text-sm text-gray-500">Register, ask for a password reset or invite someone: the messages show up here.</p>
            </div>
          ) : (
            <div className="overflow-hidden rounded-lg bg-white shadow-sm">
              <table className="min-w-full divide-y divide-gray-200">
                <thead className="bg-gray-50">
                  <tr>
                    <th scope="col" className="px-4 py-3 text-left text-xs font-medium tracking-wider text-gray-500 uppercase">
                      To
                    </th>
                    <th scope="col" className="px-4 py-3 text-left text-xs font-medium tracking-wider text-gray-500 uppercase">
                      Subject
                    </th>
                    <th scope="col" className="px-4 py-3 text-right text-xs font-medium tracking-wider text-gray-500 uppercase">
                      Sent
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-100">
                  {messages.map((mail) => (
                    <tr key={mail.id} className="hover:bg-gray-50">
                      <td className="px-4 py-3 text-sm whitespace-nowrap text-gray-700">{mail.to}</td>
                      <td className="px-4 py-3 text-sm">
                        <Link href={mail.url} className="font-medium text-indigo-700 hover:text-indigo-600">
                          {mail.subject}
                        </Link>
                      </td>
                      <td className="px-4 py-3 text-right text-sm whitespace-nowrap text-gray-500">
                        <time dateTime={mail.sent_at} title={formatDateTime(mail.sent_at)}>
                          {fromNow(mail.sent_at)}
                        </time>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </main>
      </div>
    </>
  );
}
