import type { ApiTokenSummary } from '../../../../../server/presenters/api-token-presenter';
import { formatDate, fromNow } from '@/lib/dates';

type ApiTokenRowProps = {
  token: ApiTokenSummary;
  showPermissions: boolean;
  onManage: () => void;
  onDelete: () => void;
};

/** One token of "Manage API Tokens": what it is, when it was last used, and its buttons. */
export default function ApiTokenRow({ token, showPermissions, onManage, onDelete }: ApiTokenRowProps) {
  return (
    <li className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between sm:gap-4" aria-label={token.name}>
      <div className="min-w-0 flex-1">
        <div className="truncate text-sm font-medium text-gray-900">{token.name}</div>
        <div className="text-xs text-gray-500">
          {token.team_name}
          {' · '}
          {token.abilities.length > 0 ? token.abilities.join(', ') : 'no permissions'}
          {' · '}
          {token.expired ? (
            <span className="font-semibold text-red-600">Expired</span>
          ) : token.expires_at ? (
            <span>Expires {formatDate(token.expires_at)}</span>
          ) : (
            <span>Never expires</span>
          )}
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-x-6 gap-y-1 sm:shrink-0">
        {token.last_used_at && (
          <div className="text-sm text-gray-400" title={token.last_used_at}>
            Last used {fromNow(token.last_used_at)}
          </div>
        )}
        {showPermissions && token.can.update && (
          <button
            type="button"
            className="cursor-pointer text-sm text-gray-400 underline hover:text-gray-600"
            onClick={onManage}
            aria-label={`Permissions of ${token.name}`}
          >
            Permissions
          </button>
        )}
        {token.can.delete && (
          <button
            type="button"
            className="cursor-pointer text-sm text-red-500 hover:text-red-700"
            onClick={onDelete}
            aria-label={`Delete ${token.name}`}
          >
            Delete
          </button>
        )}
      </div>
    </li>
  );
}
