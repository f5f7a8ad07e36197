import { useState } from 'react';
import { Head, Link, usePage } from '@inertiajs/react';
import type { MailboxShowProps } from '../../../../../server/presenters/mail-presenter';
import { cn } from '@/lib/cn';
import { formatDateTime, fromNow } from '@/lib/dates';

/** Links in the message open in this tab (the frame itself may not navigate or run scripts). */
function withTopTarget(html: string): string {
  const base = '<base target="_top">';
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => head + base) : base + html;
}

/** Development only: one kept message, its HTML body in a sandboxed frame or its text body. */
export default function Show({ message, indexUrl, appUrl }: MailboxShowProps) {
  const [view, setView] = useState<'html' | 'text'>('html');
  const appName = usePage().props.app.name;

  const headers: [string, string][] = [
    ['From', message.from],
    ['To', message.to],
    ['Subject', message.subject],
  ];

  const tab = (value: 'html' | 'text', label: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={view === value}
      onClick={() => setView(value)}
      className={cn(
        'rounded-md px-3 py-1.5 text-sm font-medium',
        view === value ? 'bg-gray-800 text-white' : 'text-gray-600 hover:bg-gray-100 hover:text-gray-900',
      )}
    >
      {label}
    </button>
  );

  return (
    <>
      <Head title={`${message.subject} - Mailbox`} />
      <div className="min-h-screen bg-gray-100">
        <header className="border-b border-gray-200 bg-white">
          <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6 lg:px-8">
            <nav aria-label="Breadcrumb" className="flex gap-4 text-sm">
              <Link href={indexUrl} className="text-indigo-700 hover:text-indigo-600">
                ← Mailbox
              </Link>
              <Link href={appUrl} className="text-indigo-700 hover:text-indigo-600">
                Back to {appName}
              </Link>
            </nav>
            <h1 className="mt-2 text-xl font-semibold text-gray-900">{message.subject}</h1>
            <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              {headers.map(([name, value]) => (
                <div key={name} className="contents">
                  <dt className="font-medium text-gray-500">{name}</dt>
                  <dd className="text-gray-900">{value}</dd>
                </div>
              ))}
              <dt className="font-medium text-gray-500">Sent</dt>
              <dd className="text-gray-900">
                <time dateTime={message.sent_at}>{formatDateTime(message.sent_at)}</time>{' '}
                <span className="text-gray-500">({fromNow(message.sent_at)})</span>
              </dd>
            </dl>
          </div>
        </header>

        <main className="mx-auto max-w-5xl px-4 py-6 sm:px-6 lg:px-8">
          <div role="tablist" aria-label="Body" className="mb-4 flex gap-2">
            {tab('html', 'HTML')}
            {tab('text', 'Text')}
          </div>
          {view === 'html' ? (
            <iframe
              title="Message body"
              srcDoc={withTopTarget(message.html)}
              sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"
              className="h-[75vh] w-full rounded-lg border border-gray-200 bg-white shadow-sm"
            />
          ) : (
            <pre className="overflow-x-auto rounded-lg border border-gray-200 bg-white p-6 text-sm whitespace-pre-wrap text-gray-800 shadow-sm">
              {message.text}
            </pre>
          )}
        </main>
      </div>
    </>
  );
}
