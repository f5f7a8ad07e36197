/**
 * The WhatsApp Cloud API driver: webhook verification and reading (webhook.ts), the Graph API
 * client (client.ts). What the pipeline and the channel pages import.
 */
export { parseWebhook, phoneNumberIdOf, verifyChallenge, verifySignature } from './webhook';
export type { ParseOptions, WhatsAppWebhook } from './webhook';
export { WhatsAppError, whatsappClient } from './client';
export type {
  FetchedMedia,
  Template,
  TemplateComponent,
  TemplateMessage,
  TemplateSendComponent,
  WhatsAppClient,
  WhatsAppClientSettings,
} from './client';

/** Meta's Graph API with the version Kawan is built against; the channel settings may override it. */
export const WHATSAPP_GRAPH_DEFAULT_URL = 'https://graph.facebook.com/v21.0';
