import type { ContactNote } from '../../../../../server/domain/contacts/notes';
import type { AttributeValue, ContactFieldShape } from '../../../../../server/domain/contacts/field-values';
/**
 * The props of Contacts/Index and Contacts/Show (server/http/controllers/contacts/contact-controller.ts).
 * Dates are ISO strings.
 */
import type { PageMeta } from '../../Bots/Partials/types';
import type { ChannelType } from '../../Channels/Partials/types';
import type { ConversationPriority, ConversationState, Template } from '../../Conversations/Partials/types';

export interface ContactSummary {
  id: number;
  name: string | null;
  /** E.164 (+62812…), shown with the specification's formatting. */
  phone: string | null;
  email: string | null;
  /** The kinds of channel the contact wrote on. */
  channel_types: ChannelType[];
  conversations: number;
  open_conversations: number;
  first_seen_at: string;
  last_seen_at: string;
}

export interface ContactsIndexProps {
  contacts: { data: ContactSummary[]; meta: PageMeta };
  /** segment: a group of the team's fields, `key:value` ('' for everyone): `member_tier:Gold`, `tanggal_lahir:month-12`, `poin:>=1000`. */
  filters: { search: string; segment: string };
  /** The groups of the team's fields; a `typed` one takes what the person types after its value (`poin:>=` and 1000). */
  segments: { key: string; label: string; options: { value: string; label: string; typed: boolean }[] }[];
  /** manage_fields: owners, admins and editors keep the team's contact fields. */
  can: { edit: boolean; manage_fields: boolean };
  /** The largest file and the most rows an import takes. */
  import_limits: { bytes: number; rows: number };
}

export type { ContactImportReport } from '../../../../../server/domain/contacts/import';

export interface ContactsShowProps {
  contact: ContactSummary & {
    /** The team's own id for the person (its API, a signed-in website user, a webhook's user id). */
    external_id: string | null;
    locale: string | null;
    identities: {
      channel_type: ChannelType;
      channel_name: string | null;
      external_user_id: string;
      verified: boolean;
    }[];
    /** Since when they asked for no broadcasts (null: they receive them). */
    unsubscribed_at: string | null;
    /** Their values of the team's own fields, by key. */
    attributes: Record<string, AttributeValue>;
  };
  /** The team's contact fields; `bot_readable`: its bots tell a customer their own value. */
  contact_fields: Array<ContactFieldShape & { bot_readable?: boolean }>;
  /** The latest 50, newest first. */
  conversations: {
    id: number;
    number: number;
    state: ConversationState;
    priority: ConversationPriority | null;
    last_message_at: string;
    last_preview: string;
    channel_type: ChannelType;
    channel_name: string;
  }[];
  /** Other contacts with the same e-mail or phone. */
  duplicates: ContactSummary[];
  /** The merge dialog's search results (a partial reload with `merge_search`). */
  merge_candidates?: ContactSummary[];
  /** The team's active WhatsApp numbers a teammate may write first from, with their approved templates (empty for a role that does not reply). */
  whatsapp_channels: { id: number; name: string; templates: Template[] }[];
  /** Notes about the contact, newest first (the latest 50). */
  notes: ContactNote[];
  /** edit: whoever answers conversations; delete: an owner or an admin. */
  can: { edit: boolean; delete: boolean };
}
