import type { BadgeTone } from '@/Components/StatusBadge';
import type { GapReason, GapStatus } from '../../../../../server/presenters/gap-presenter';

export type {
  GapExampleProps,
  GapProps,
  GapReason,
  GapStatus,
  ReportsGapsProps,
} from '../../../../../server/presenters/gap-presenter';

/** What ended each question, as the gap's badges say it. */
export const gapReasonLabels: Record<GapReason, { label: string; tone: BadgeTone; description: string }> = {
  fallback: { label: 'Fallback', tone: 'yellow', description: 'The bot said it could not answer.' },
  low_confidence: {
    label: 'Unsure answer',
    tone: 'gray',
    description: 'The bot answered from weak passages and handed over.',
  },
  handoff: { label: 'Handed over', tone: 'indigo', description: 'A person had to take the conversation.' },
  thumbs_down: { label: 'Thumbs down', tone: 'red', description: "The customer rated the bot's reply down." },
};

export const gapStatusLabels: Record<GapStatus, string> = {
  open: 'Open',
  answered: 'Answered',
  dismissed: 'Dismissed',
};

export const gapReasons = Object.keys(gapReasonLabels) as GapReason[];
