import { Head, Link } from '@inertiajs/react';
import type { ApiTokensPageProps } from '../../../../server/presenters/api-token-presenter';
import { PageHeader } from '@/Layouts/AppLayout';
import { route } from '@/lib/route';
import ApiTokenManager from './Partials/ApiTokenManager';

/** Jetstream's API token screen: make a token, see the ones you have, change or revoke them. */
export default function Index(props: ApiTokensPageProps) {
  return (
    <>
      <Head title="API Tokens" />
      <PageHeader title="API Tokens">
        <Link href={route('api-docs')} className="text-sm text-gray-600 underline hover:text-gray-900">
          API Reference
        </Link>
      </PageHeader>
      <div className="mx-auto max-w-7xl py-10 sm:px-6 lg:px-8">
        <ApiTokenManager {...props} />
      </div>
    </>
  );
}
