import type { ContactFieldShape } from '../../../../../server/domain/contacts/field-values';
import type {
  BroadcastProps,
  RecipientProps,
} from '../../../../../server/http/controllers/broadcasts/broadcast-controller';
import type { PageMeta } from '../../Bots/Partials/types';
import type { Template } from '../../Conversations/Partials/types';
import type { LabelColor } from '../../../../../server/db/schema/labels';

export type Broadcast = BroadcastProps;
export type BroadcastRecipient = RecipientProps;
export type RecipientFilter = 'all' | 'failed' | 'skipped' | 'replied';

export interface BroadcastsIndexProps {
  broadcasts: { data: Broadcast[]; meta: PageMeta };
  has_whatsapp: boolean;
  can: { send: boolean };
}

export interface BroadcastChannel {
  id: number;
  name: string;
  paused: boolean;
  templates: Template[];
}

export interface BroadcastsCreateProps {
  channels: BroadcastChannel[];
  audiences: {
    all: number;
    unsubscribed: number;
    labels: { id: number; name: string; color: LabelColor; contacts: number }[];
    /**
     * The groups of the team's fields (`key:value`): `label` after the field's in a select
     * ("December", "at least…"), `phrase` after "is" ("in December", "at least"), and how many may
     * receive each (null for a typed one, counted once typed through broadcasts.audience).
     */
    segments: {
      key: string;
      label: string;
      options: { value: string; label: string; phrase: string; typed: boolean; contacts: number | null }[];
    }[];
  };
  variables: { name: string; description: string }[];
  /** The team's own contact fields (their variables are among `variables`; the preview fills made-up values). */
  contact_fields: ContactFieldShape[];
  limits: { max_days_ahead: number; max_file_bytes: number; list_bytes: number; list_rows: number };
}

export interface BroadcastsShowProps {
  broadcast: Broadcast;
  /** A repeating broadcast's days, the latest first (none for another broadcast). */
  days: Broadcast[];
  recipients: { data: BroadcastRecipient[]; meta: PageMeta };
  filters: { status: RecipientFilter };
  can: { cancel: boolean };
}

/** What the server broadcasts on `teams.{teamId}` when a broadcast moves on. */
export interface BroadcastChangedEvent {
  broadcast_id: number;
  status: Broadcast['status'];
}
