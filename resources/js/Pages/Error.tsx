import { Head, Link } from '@inertiajs/react';
import ApplicationMark from '@/Components/ApplicationMark';
import { route } from '@/lib/route';

export interface ErrorPageProps {
  status: number;
  title: string;
  message: string;
  retryAfter?: number;
  trace?: string;
}

const explanations: Record<number, string> = {
  403: 'You do not have permission to do this. If you think you should, ask an admin of your team.',
  404: 'The page you are looking for does not exist or has moved.',
  405: 'This address does not accept that kind of request.',
  413: 'What you sent is larger than Kawan accepts.',
  419: 'The page was open too long and its security token expired. Go back, reload the page and try again.',
  429: 'Too many attempts in a short time.',
  500: 'Something went wrong on our side. We have been told about it.',
  503: 'Kawan is being updated and will be back in a moment.',
};

/** Every HTTP error, on Inertia visits and first loads alike. */
export default function Error({ status, title, message, retryAfter, trace }: ErrorPageProps) {
  const explanation =
    status === 429 && retryAfter
      ? `Too many attempts in a short time. Please try again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`
      : (explanations[status] ?? message);
  return (
    <>
      <Head title={title} />
      <div className="flex min-h-screen flex-col items-center justify-center bg-gray-100 px-4">
        <div className="w-full max-w-lg rounded-lg bg-white px-6 py-10 text-center shadow-md sm:px-10">
          <ApplicationMark className="mx-auto size-12" />
          <p className="mt-6 text-sm font-semibold text-indigo-600">{status}</p>
          <h1 className="mt-2 text-2xl font-bold tracking-tight text-gray-900">{title}</h1>
          <p className="mt-4 text-sm leading-6 text-gray-600">{explanation}</p>
          {message && message !== explanation && status < 500 && status !== 404 && (
            <p className="mt-2 text-xs text-gray-500">{message}</p>
          )}
          <div className="mt-8 flex justify-center gap-4">
            <button
              type="button"
              onClick={() => window.history.back()}
              className="inline-flex items-center rounded-md border border-gray-300 bg-white px-4 py-2 text-xs font-semibold tracking-widest text-gray-700 uppercase shadow-xs transition hover:bg-gray-50 focus:ring-2 focus:ring-indigo-500 focus:ring-offset-2 focus:outline-hidden"
            >
              Go back
            </button>
            <Link
              href={route('welcome')}
              className="inline-flex items-center rounded-md border border-transparent bg-gray-800 px-4 py-2 text-xs font-semibold tracking-widest text-white uppercase transition hover:bg-gray-700 focus:ring-2 focus:ring-indigo-500 focus:ring-offset-2 focus:outline-hidden"
            >
              Home
            </Link>
          </div>
          {trace && (
            <pre className="mt-8 max-h-80 overflow-auto rounded bg-gray-900 p-4 text-left text-xs text-gray-100">{trace}</pre>
          )}
        </div>
      </div>
    </>
  );
}
