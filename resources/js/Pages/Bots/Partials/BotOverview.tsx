import type { ReactNode } from 'react';
import { formatDateTime, fromNow } from '@/lib/dates';
import BotAvatar from './BotAvatar';
import { BotStatusBadge } from './BotBadges';
import { creditCapLine } from './format';
import type { BotConfig, BotSummary } from './types';

function Item({ term, wide = false, children }: { term: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-sm font-medium text-gray-500">{term}</dt>
      <dd className="mt-1 text-sm break-words text-gray-900">{children}</dd>
    </div>
  );
}

type BotOverviewProps = {
  bot: BotSummary;
  config: BotConfig;
  knowledges: Array<{ id: number; name: string }>;
  provider: string;
};

/**
 * The bot at a glance: its state, what it knows, who writes its replies, the AI credits it used this
 * billing period against its cap, and what it says first.
 */
export default function BotOverview({ bot, config, knowledges, provider }: BotOverviewProps) {
  return (
    <section aria-label="Overview" className="bg-white px-4 py-5 shadow-sm sm:rounded-lg sm:p-6">
      <div className="flex items-start gap-4">
        <BotAvatar name={bot.name} color={bot.avatar_color} size="lg" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="min-w-0 text-lg font-medium break-words text-gray-900">{bot.name}</h3>
            <BotStatusBadge status={bot.status} />
          </div>
          {bot.description && <p className="mt-1 text-sm break-words text-gray-600">{bot.description}</p>}
        </div>
      </div>

      <dl className="mt-6 grid grid-cols-1 gap-x-6 gap-y-5 sm:grid-cols-2">
        <Item term="Published version">
          {bot.published_version === null ? (
            'Not published yet'
          ) : (
            <>
              Version {bot.published_version}
              {bot.published_at && (
                <span className="text-gray-500" title={formatDateTime(bot.published_at)}>
                  , {fromNow(bot.published_at)}
                </span>
              )}
            </>
          )}
        </Item>
        <Item term="Draft">
          {bot.published_version === null
            ? 'Everything is in the draft'
            : bot.has_draft_changes
              ? 'Has changes not published yet'
              : `Same as version ${bot.published_version}`}
        </Item>
        <Item term="Knowledge">
          {knowledges.length === 0 ? (
            <span className="text-yellow-700">None linked: it can only say its fallback message.</span>
          ) : (
            knowledges.map((knowledge) => knowledge.name).join(', ')
          )}
        </Item>
        <Item term="Replies written by">{provider}</Item>
        <Item term="AI credits this period">
          <span data-testid="bot-credits-this-period">{creditCapLine(bot)}</span>
        </Item>
        <Item term="Welcome message" wide>
          {config.welcomeMessage ? (
            <span className="whitespace-pre-wrap">{config.welcomeMessage}</span>
          ) : (
            <span className="text-gray-500">None</span>
          )}
        </Item>
        <Item term="Suggested questions" wide>
          {config.suggestedQuestions.length === 0 ? (
            <span className="text-gray-500">None</span>
          ) : (
            <ul className="list-inside list-disc space-y-0.5">
              {config.suggestedQuestions.map((question) => (
                <li key={question}>{question}</li>
              ))}
            </ul>
          )}
        </Item>
        <Item term="API model id" wide>
          <code className="rounded bg-gray-100 px-1.5 py-0.5 text-xs break-all text-gray-800">{bot.public_id}</code>
        </Item>
      </dl>
    </section>
  );
}
