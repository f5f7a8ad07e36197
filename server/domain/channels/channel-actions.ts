import { inboxEvent } from '../conversations/events';
import { randomBytes } from 'node:crypto';
import type { Services } from '../../services';
import { channelRepository, type ChannelRow } from '../../db/repositories/channel-repository';
import { botRepository } from '../../db/repositories/bot-repository';
import type { ChannelType } from '../../db/schema/channels';
import { allows } from '../teams/roles';
import { authorize, type TeamActor } from '../teams/team-access';
import { validate } from '../shared/validation';
import { NotFoundError, ValidationError } from '../../support/errors';
import { channelTypeSchema, statusSchema, telegramSchema, webhookSchema, webSchema, whatsappSchema } from './schemas';
import { adapterFor, inboundJob, secretsOf } from '../../channels/pipeline';
import type { ChannelSecrets } from '../../channels/adapters';
import { telegramClient } from '../../channels/telegram/client';
import { generateSecretToken } from '../../channels/telegram/webhook';
import { whatsappClient } from '../../channels/whatsapp/client';
import { channelEventLog } from '../../db/repositories/channel-repository';
import { teamChannel } from '../notifications/channels';
import { privateAddressReason } from '../providers/public-address';
import { assertChannelType, teamPlan, withinLimit } from '../../billing/limits';

/** Owners, admins and editors manage channels; agents and viewers see them. */
export const channelPolicy = {
  view: (actor: TeamActor) => allows(actor.role, 'channels:view', actor.abilities),
  create: (actor: TeamActor) => allows(actor.role, 'channels:create', actor.abilities),
  update: (actor: TeamActor) => allows(actor.role, 'channels:update', actor.abilities),
  delete: (actor: TeamActor) => allows(actor.role, 'channels:delete', actor.abilities),
};

type ChannelServices = Pick<
  Services,
  'db' | 'config' | 'encrypter' | 'broadcaster' | 'widgetBroadcaster' | 'logger' | 'jobs' | 'route'
>;

const secretToken = () => randomBytes(24).toString('base64url');

/** A generated secret the team must copy now (it is never shown again). */
export interface RevealedSecret {
  label: string;
  value: string;
}

export async function channelChanged(services: Pick<Services, 'broadcaster'>, teamId: number, channelId: number) {
  await services.broadcaster.broadcast({
    channels: [teamChannel(teamId)],
    event: inboxEvent('ChannelChanged'),
    data: { team_id: teamId, channel_id: channelId },
  });
}

/** Where the provider calls this channel. */
export function webhookUrl(services: Pick<Services, 'config'>, type: ChannelType, publicKey: string): string | null {
  const path = { whatsapp: 'whatsapp', telegram: 'telegram', webhook: 'custom', web: null }[type];
  return path ? `${services.config.app.url}/webhooks/${path}/${publicKey}` : null;
}

interface Parsed {
  name: string;
  botId: number | null;
  settings: Record<string, unknown>;
  secrets: ChannelSecrets;
  displayIdentifier: string;
  revealed: RevealedSecret | null;
}

/** The form's input read for a type: settings, the secrets given (or kept), what to show once. */
async function parse(
  services: ChannelServices,
  type: ChannelType,
  input: unknown,
  existing?: { settings: Record<string, unknown>; secrets: ChannelSecrets },
): Promise<Parsed> {
  const creating = existing === undefined;
  const kept = existing?.secrets ?? {};
  switch (type) {
    case 'web': {
      const data = validate(webSchema(), input);
      const identitySecret = kept.identitySecret ?? secretToken();
      const revealed =
        data.identity_verification && !existing?.settings.identityVerification
          ? { label: 'Identity verification secret', value: identitySecret }
          : null;
      return {
        name: data.name,
        botId: data.bot_id,
        settings: {
          allowedDomains: data.allowed_domains,
          color: data.color,
          title: data.title,
          position: data.position,
          avatarUrl: data.avatar_url,
          launcherText: data.launcher_text,
          welcomeMessage: data.welcome_message,
          suggestedQuestions: data.suggested_questions,
          proactiveMessage: data.proactive_message,
          proactiveDelaySeconds: data.proactive_delay,
          preChat: {
            name: data.pre_chat_name,
            email: data.pre_chat_email,
            phone: data.pre_chat_phone,
            message: data.pre_chat_message,
          },
          collectCsat: data.collect_csat,
          identityVerification: data.identity_verification,
        },
        secrets: { identitySecret },
        displayIdentifier: data.allowed_domains[0] ?? '',
        revealed,
      };
    }
    case 'whatsapp': {
      const data = validate(whatsappSchema(creating), input);
      return {
        name: data.name,
        botId: data.bot_id,
        settings: {
          ...(existing?.settings.displayPhone ? { displayPhone: existing.settings.displayPhone } : {}),
          phoneNumberId: data.phone_number_id,
          wabaId: data.waba_id,
          collectCsat: data.collect_csat,
        },
        secrets: {
          accessToken: data.access_token ?? kept.accessToken,
          appSecret: data.app_secret ?? kept.appSecret,
          verifyToken: data.verify_token ?? kept.verifyToken,
        },
        displayIdentifier: String(existing?.settings.displayPhone ?? ''),
        revealed: null,
      };
    }
    case 'telegram': {
      const data = validate(telegramSchema(creating), input);
      return {
        name: data.name,
        botId: data.bot_id,
        settings: { botUsername: existing?.settings.botUsername ?? '', collectCsat: data.collect_csat },
        secrets: {
          botToken: data.bot_token ?? kept.botToken,
          webhookSecret: kept.webhookSecret ?? generateSecretToken(),
        },
        displayIdentifier: existing?.settings.botUsername ? `@${String(existing.settings.botUsername)}` : '',
        revealed: null,
      };
    }
    case 'webhook': {
      const data = validate(webhookSchema(), input);
      const blocked = await privateAddressReason(data.outbound_url, services.config.knowledge.allowPrivateUrls);
      if (blocked) throw new ValidationError({ outbound_url: blocked });
      const signingSecret = kept.signingSecret ?? `whsec_${secretToken()}`;
      return {
        name: data.name,
        botId: data.bot_id,
        settings: { outboundUrl: data.outbound_url },
        secrets: { signingSecret },
        displayIdentifier: new URL(data.outbound_url).host,
        revealed: creating ? { label: 'Signing secret', value: signingSecret } : null,
      };
    }
  }
}

async function checkBot(services: ChannelServices, teamId: number, botId: number | null) {
  if (botId !== null && !(await botRepository(services.db, teamId).find(botId))) {
    throw new ValidationError({ bot_id: 'The selected bot is invalid.' });
  }
}

/**
 * Asks the provider whether the credentials work and records the answer as the channel's health;
 * a Telegram bot gets its webhook pointed at Kawan. Never throws for what the provider says.
 */
export async function checkChannel(services: ChannelServices, channel: ChannelRow): Promise<ChannelRow> {
  const secrets = secretsOf(services, channel);
  const adapter = adapterFor(services, channel);
  let check = await adapter.check();
  const settings = { ...channel.settings };
  let displayIdentifier = channel.displayIdentifier;
  if (check.ok && check.displayIdentifier) {
    displayIdentifier = check.displayIdentifier;
    if (channel.type === 'telegram') settings.botUsername = check.displayIdentifier.replace(/^@/, '');
    if (channel.type === 'whatsapp') settings.displayPhone = check.displayIdentifier;
  }
  if (check.ok && channel.type === 'telegram') {
    try {
      await telegramClient({
        baseUrl: services.config.channels.telegramApiUrl,
        timeoutMs: services.config.channels.timeoutMs,
        botToken: secrets.botToken ?? '',
      }).setWebhook({
        url: webhookUrl(services, 'telegram', channel.publicKey)!,
        secretToken: secrets.webhookSecret ?? '',
      });
      check = { ...check, detail: `${check.detail}. Webhook set.` };
    } catch (error) {
      check = { ok: false, detail: `The token works, but setWebhook failed: ${(error as Error).message}` };
    }
  }
  const at = new Date();
  const updated = await channelRepository(services.db, channel.teamId).update(channel.id, {
    settings,
    displayIdentifier,
    credentialCheck: { ok: check.ok, detail: check.detail, at: at.toISOString() },
    ...(check.ok ? {} : { lastError: check.detail, lastErrorAt: at }),
  });
  return updated ?? channel;
}

export async function createChannel(
  services: ChannelServices,
  actor: TeamActor,
  input: unknown,
): Promise<{ channel: ChannelRow; revealed: RevealedSecret | null }> {
  authorize(channelPolicy.create(actor));
  const { type } = validate(channelTypeSchema, input);
  assertChannelType(await teamPlan(services.db, services.config, actor.teamId), type);
  const parsed = await parse(services, type, input);
  await checkBot(services, actor.teamId, parsed.botId);
  const created = await withinLimit(services.db, services.config, actor.teamId, 'channels', { field: 'type' }, (tx) =>
    channelRepository(tx, actor.teamId).create({
      type,
      name: parsed.name,
      botId: parsed.botId,
      publicKey: randomBytes(15).toString('base64url'),
      displayIdentifier: parsed.displayIdentifier,
      settings: parsed.settings,
      secrets: services.encrypter.encrypt(JSON.stringify(parsed.secrets)),
      createdBy: actor.userId,
    }),
  );
  const channel = type === 'web' ? created : await checkChannel(services, created);
  services.logger.info({ teamId: actor.teamId, channelId: channel.id, type }, 'channel created');
  await channelChanged(services, actor.teamId, channel.id);
  return { channel, revealed: parsed.revealed };
}

async function owned(services: ChannelServices, actor: TeamActor, channelId: number): Promise<ChannelRow> {
  const channel = await channelRepository(services.db, actor.teamId).find(channelId);
  if (!channel) throw new NotFoundError();
  return channel;
}

export async function updateChannel(
  services: ChannelServices,
  actor: TeamActor,
  channelId: number,
  input: unknown,
): Promise<{ channel: ChannelRow; revealed: RevealedSecret | null }> {
  const channel = await owned(services, actor, channelId);
  authorize(channelPolicy.update(actor));
  const { status } = validate(statusSchema, input);
  const secrets = secretsOf(services, channel);
  const parsed = await parse(services, channel.type, input, { settings: channel.settings, secrets });
  await checkBot(services, actor.teamId, parsed.botId);
  const credentialsChanged = JSON.stringify(parsed.secrets) !== JSON.stringify(secrets);
  const updated = (await channelRepository(services.db, actor.teamId).update(channel.id, {
    name: parsed.name,
    botId: parsed.botId,
    ...(status ? { status } : {}),
    settings: { ...channel.settings, ...parsed.settings },
    secrets: services.encrypter.encrypt(JSON.stringify(parsed.secrets)),
    ...(parsed.displayIdentifier ? { displayIdentifier: parsed.displayIdentifier } : {}),
  }))!;
  const result =
    credentialsChanged || channel.settings.phoneNumberId !== parsed.settings.phoneNumberId
      ? await checkChannel(services, updated)
      : updated;
  await channelChanged(services, actor.teamId, channel.id);
  return { channel: result, revealed: parsed.revealed };
}

export async function deleteChannel(
  services: ChannelServices,
  actor: TeamActor,
  channelId: number,
): Promise<ChannelRow> {
  const channel = await owned(services, actor, channelId);
  authorize(channelPolicy.delete(actor));
  if (channel.type === 'telegram' && channel.credentialCheck?.ok) {
    const secrets = secretsOf(services, channel);
    await telegramClient({
      baseUrl: services.config.channels.telegramApiUrl,
      timeoutMs: services.config.channels.timeoutMs,
      botToken: secrets.botToken ?? '',
    })
      .deleteWebhook()
      .catch((error: unknown) =>
        services.logger.warn({ err: error, channelId }, 'the Telegram webhook could not be removed'),
      );
  }
  await channelRepository(services.db, actor.teamId).delete(channel.id);
  await channelChanged(services, actor.teamId, channel.id);
  return channel;
}

export async function recheckChannel(
  services: ChannelServices,
  actor: TeamActor,
  channelId: number,
): Promise<ChannelRow> {
  const channel = await owned(services, actor, channelId);
  authorize(channelPolicy.update(actor));
  const checked = await checkChannel(services, channel);
  await channelChanged(services, actor.teamId, channel.id);
  return checked;
}

/** A new generated secret (web identity verification, webhook signing), shown once. */
export async function rotateSecret(
  services: ChannelServices,
  actor: TeamActor,
  channelId: number,
): Promise<RevealedSecret> {
  const channel = await owned(services, actor, channelId);
  authorize(channelPolicy.update(actor));
  const secrets = secretsOf(services, channel);
  let revealed: RevealedSecret;
  if (channel.type === 'webhook') {
    secrets.signingSecret = `whsec_${secretToken()}`;
    revealed = { label: 'Signing secret', value: secrets.signingSecret };
  } else if (channel.type === 'web') {
    secrets.identitySecret = secretToken();
    revealed = { label: 'Identity verification secret', value: secrets.identitySecret };
  } else {
    throw new ValidationError({ channel: 'This channel has no secret Kawan generates.' });
  }
  await channelRepository(services.db, actor.teamId).update(channel.id, {
    secrets: services.encrypter.encrypt(JSON.stringify(secrets)),
  });
  await channelChanged(services, actor.teamId, channel.id);
  return revealed;
}

/** Replays a stored event: a verified inbound one runs through the pipeline again (dedupe holds). */
export async function replayEvent(
  services: ChannelServices,
  actor: TeamActor,
  channelId: number,
  eventId: number,
): Promise<void> {
  const channel = await owned(services, actor, channelId);
  authorize(channelPolicy.update(actor));
  const event = await channelRepository(services.db, actor.teamId).findEvent(channel.id, eventId);
  if (!event) throw new NotFoundError();
  if (event.direction !== 'inbound' || event.payload === null) {
    throw new ValidationError({ event: 'Only verified inbound events can be replayed.' });
  }
  await channelEventLog(services.db).finish(event.id, { status: 'received', error: null });
  await services.jobs.send(inboundJob, { eventId: event.id });
}

/** WhatsApp: the approved templates, fetched from the Graph API into the channel. */
export async function syncTemplates(services: ChannelServices, actor: TeamActor, channelId: number): Promise<number> {
  const channel = await owned(services, actor, channelId);
  authorize(channelPolicy.update(actor));
  if (channel.type !== 'whatsapp') throw new NotFoundError();
  const secrets = secretsOf(services, channel);
  let templates;
  try {
    templates = await whatsappClient({
      baseUrl: services.config.channels.whatsappGraphUrl,
      timeoutMs: services.config.channels.timeoutMs,
      phoneNumberId: String(channel.settings.phoneNumberId ?? ''),
      wabaId: String(channel.settings.wabaId ?? ''),
      accessToken: secrets.accessToken ?? '',
    }).listTemplates();
  } catch (error) {
    throw new ValidationError({ templates: `WhatsApp did not list the templates: ${(error as Error).message}` });
  }
  await channelRepository(services.db, actor.teamId).replaceTemplates(
    channel.id,
    templates.map((template) => ({
      name: template.name,
      language: template.language,
      status: template.status,
      category: template.category,
      body: template.components.find((component) => component.type === 'BODY')?.text ?? '',
      parameterFormat: template.parameterFormat,
      components: template.components,
    })),
  );
  await channelChanged(services, actor.teamId, channel.id);
  return templates.length;
}
