import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { startFakeTelegram, type FakeTelegram } from '../../helpers/fake-telegram';
import { startFakeWhatsApp, type FakeWhatsApp } from '../../helpers/fake-whatsapp';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { createPublishedBot } from '../../factories/bots';
import { channelRepository } from '../../../server/db/repositories/channel-repository';
import { createChannel } from '../../factories/channels';
import { onPlan } from '../../helpers/billing';

/**
 * Channels/Index, Create, Show, Edit: each type's settings, secrets encrypted and never shown
 * again (generated ones once), the provider asked whether the credentials work, Telegram's
 * webhook set on save; editors manage, agents read, another team's channel is a 404.
 */
const botToken = '555666777:AAChannelsChannelsChannels_123';

let app: TestApp;
let telegram: FakeTelegram;
let whatsapp: FakeWhatsApp;

beforeAll(async () => {
  telegram = await startFakeTelegram({
    token: botToken,
    bot: { id: 555666777, username: 'warung_kopi_bot', first_name: 'Warung Kopi' },
  });
  whatsapp = await startFakeWhatsApp({ displayPhoneNumber: '6281234567890', verifiedName: 'Warung Kopi' });
  app = await createTestApp({
    env: { TELEGRAM_API_URL: telegram.baseUrl, WHATSAPP_GRAPH_URL: whatsapp.url, KNOWLEDGE_ALLOW_PRIVATE_URLS: 'true' },
  });
});
afterAll(async () => {
  await app.close();
  await telegram.close();
  await whatsapp.close();
});

async function owner() {
  const { owner: user, team } = await createOwnedTeam(app.services, { current: true });
  const { bot } = await createPublishedBot(app.services, team.id, { name: 'Asisten Kopi' });
  return { team, bot, client: await signedIn(app.app, user) };
}

const idFrom = (location: string) => Number(location.split('/')[2]);

describe('channels', () => {
  it('creates a Telegram channel: checks the token, sets the webhook with a secret, shows the handle', async () => {
    const { client, bot, team } = await owner();
    const res = await client.send('post', '/channels', {
      type: 'telegram',
      name: 'Telegram kopi',
      bot_id: bot.id,
      bot_token: botToken,
    });
    expect(res.status, res.text).toBe(303);
    const id = idFrom(res.headers.location as string);
    const hook = telegram.webhook() as { url: string; secret_token: string };
    const channel = (await channelRepository(app.services.db, team.id).find(id))!;
    expect(hook.url).toBe(`${app.services.config.app.url}/webhooks/telegram/${channel.publicKey}`);
    expect(hook.secret_token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const show = expectPage(await client.visit(`/channels/${id}`), 'Channels/Show');
    expect(show.props.channel).toMatchObject({
      type: 'telegram',
      display_identifier: '@warung_kopi_bot',
      bot: { id: bot.id, name: 'Asisten Kopi' },
      credential_check: { ok: true },
      secrets_set: { bot_token: true },
      health: 'waiting',
    });
    expect((show.props.setup as { webhook_url: string }).webhook_url).toBe(hook.url);
    const everything = JSON.stringify(show.props);
    expect(everything).not.toContain(botToken);
    expect(everything).not.toContain(hook.secret_token);
    expect(channel.secrets).not.toContain(botToken);
  });

  it('creates a WhatsApp channel and shows the number formatted from what Meta answered; a bad token is an honest error', async () => {
    const { client } = await owner();
    const res = await client.send('post', '/channels', {
      type: 'whatsapp',
      name: 'WhatsApp toko',
      bot_id: '',
      phone_number_id: whatsapp.phoneNumberId,
      waba_id: whatsapp.wabaId,
      access_token: whatsapp.accessToken,
      app_secret: 'app-secret-123',
      verify_token: 'verify-me',
    });
    expect(res.status).toBe(303);
    const id = idFrom(res.headers.location as string);
    const show = expectPage(await client.visit(`/channels/${id}`), 'Channels/Show');
    expect(show.props.channel).toMatchObject({
      display_identifier: '+6281234567890',
      credential_check: { ok: true },
      bot: null,
    });
    expect(JSON.stringify(show.props)).not.toContain(whatsapp.accessToken);

    // Editing with blank secrets keeps them; a wrong token is reported by the check, not a 500.
    const kept = await client.send('put', `/channels/${id}`, {
      name: 'WhatsApp toko 2',
      bot_id: '',
      phone_number_id: whatsapp.phoneNumberId,
      waba_id: whatsapp.wabaId,
      access_token: '',
      app_secret: '',
      verify_token: '',
    });
    expect(kept.status).toBe(303);
    const edit = expectPage(await client.visit(`/channels/${id}/edit`), 'Channels/Edit');
    expect(edit.props.channel).toMatchObject({
      name: 'WhatsApp toko 2',
      secrets_set: { access_token: true, app_secret: true, verify_token: true },
    });
    await client.send('put', `/channels/${id}`, {
      name: 'WhatsApp toko 2',
      bot_id: '',
      phone_number_id: whatsapp.phoneNumberId,
      waba_id: whatsapp.wabaId,
      access_token: 'not-the-token',
    });
    const after = expectPage(await client.visit(`/channels/${id}`), 'Channels/Show');
    expect(after.props.channel).toMatchObject({ health: 'error', credential_check: { ok: false } });
  });

  it('creates a web widget and a webhook channel, revealing their generated secrets once', async () => {
    const { client } = await owner();
    const web = await client.send('post', '/channels', {
      type: 'web',
      name: 'Website',
      bot_id: '',
      allowed_domains: 'https://shop.example.com/\n*.example.org',
      color: '#0ea5e9',
      position: 'left',
      suggested_questions: 'Jam buka?\nBisa bayar QRIS?',
      proactive_message: 'Ada yang bisa kami bantu?',
      proactive_delay: '8',
      pre_chat_name: 'required',
      pre_chat_phone: 'optional',
      pre_chat_message: 'Kenalan dulu, Kak!',
      collect_csat: true,
      identity_verification: true,
    });
    expect(web.status).toBe(303);
    const webId = idFrom(web.headers.location as string);
    const first = expectPage(await client.visit(`/channels/${webId}`), 'Channels/Show');
    expect(first.props.revealed_secret).toMatchObject({ label: 'Identity verification secret' });
    expect(first.props.channel).toMatchObject({
      display_identifier: 'shop.example.com',
      settings: {
        allowed_domains: ['shop.example.com', '*.example.org'],
        position: 'left',
        proactive_message: 'Ada yang bisa kami bantu?',
        proactive_delay: 8,
        pre_chat_name: 'required',
        pre_chat_email: 'off',
        pre_chat_phone: 'optional',
        pre_chat_message: 'Kenalan dulu, Kak!',
        identity_verification: true,
      },
    });
    expect((first.props.setup as { snippet: string }).snippet).toMatch(
      /<script src=".*\/widget\.js" data-channel="[\w-]+" async><\/script>/,
    );
    const second = expectPage(await client.visit(`/channels/${webId}`), 'Channels/Show');
    expect(second.props.revealed_secret).toBeNull();

    const hook = await client.send('post', '/channels', {
      type: 'webhook',
      name: 'CRM',
      bot_id: '',
      outbound_url: 'http://127.0.0.1:9/hooks',
    });
    expect(hook.status).toBe(303);
    const hookShow = expectPage(await client.visit(hook.headers.location as string), 'Channels/Show');
    expect((hookShow.props.revealed_secret as { value: string }).value).toMatch(/^whsec_/);
  });

  it('answers bad input with a message per field and loses nothing', async () => {
    const { client } = await owner();
    await client.send('post', '/channels', { type: 'sms', name: 'x' });
    let errors = (await client.visit('/channels/create')).body.props.errors as Record<string, string>;
    expect(errors.type).toMatch(/Choose a channel type/);
    await client.send('post', '/channels', { type: 'telegram', name: '', bot_token: 'nope' });
    errors = (await client.visit('/channels/create')).body.props.errors as Record<string, string>;
    expect(Object.keys(errors).sort()).toEqual(['bot_token', 'name']);
    await client.send('post', '/channels', {
      type: 'web',
      name: 'Website',
      allowed_domains: 'shop.example.com',
      proactive_message: 'x'.repeat(141),
      proactive_delay: '301',
      pre_chat_email: 'always',
      pre_chat_message: 'x'.repeat(201),
    });
    errors = (await client.visit('/channels/create')).body.props.errors as Record<string, string>;
    expect(errors).toEqual({
      proactive_message: 'The proactive message field must not be greater than 140 characters.',
      proactive_delay: 'The delay must be a whole number of seconds between 0 and 300.',
      pre_chat_email: 'Choose off, optional or required.',
      pre_chat_message: 'The pre-chat message field must not be greater than 200 characters.',
    });
    await client.send('post', '/channels', { type: 'web', name: 'Site', allowed_domains: 'not a domain!' });
    errors = (await client.visit('/channels/create')).body.props.errors as Record<string, string>;
    expect(errors.allowed_domains).toMatch(/host name/);
    const other = await owner();
    await client.send('post', '/channels', {
      type: 'webhook',
      name: 'x',
      bot_id: other.bot.id,
      outbound_url: 'https://example.com',
    });
    errors = (await client.visit('/channels/create')).body.props.errors as Record<string, string>;
    expect(errors.bot_id).toMatch(/invalid/);
  });

  it('shows the plan’s channels beside New channel and offers only the types the plan includes', async () => {
    const { client, team, bot } = await owner();
    expect(expectPage(await client.visit('/channels'), 'Channels/Index').props.limit).toEqual({
      used: 0,
      limit: 50,
      reached: false,
      plan: 'Business',
    });
    const create = expectPage(await client.visit('/channels/create?type=webhook'), 'Channels/Create');
    expect(create.props).toMatchObject({
      type: 'webhook',
      plan_channel_types: ['web', 'whatsapp', 'telegram', 'webhook'],
      plan_name: 'Business',
      channel_type_plans: { web: 'Free', whatsapp: 'Starter', telegram: 'Starter', webhook: 'Growth' },
      limit: { used: 0, limit: 50, reached: false, plan: 'Business' },
    });

    await onPlan(app, team.id, 'free');
    const free = expectPage(await client.visit('/channels/create?type=telegram'), 'Channels/Create');
    // A type the plan leaves out does not open its form: the picker shows it disabled.
    expect(free.props).toMatchObject({ type: null, plan_channel_types: ['web'], plan_name: 'Free' });
    expect(expectPage(await client.visit('/channels/create?type=web'), 'Channels/Create').props.type).toBe('web');
    await createChannel(app.services, team.id, { type: 'web', botId: bot.id });
    const full = { used: 1, limit: 1, reached: true, plan: 'Free' };
    expect(expectPage(await client.visit('/channels'), 'Channels/Index').props.limit).toEqual(full);
    expect(expectPage(await client.visit('/channels/create'), 'Channels/Create').props.limit).toEqual(full);
  });

  it('lets editors manage and agents read; another team gets 404', async () => {
    const { client, team } = await owner();
    const res = await client.send('post', '/channels', {
      type: 'webhook',
      name: 'CRM',
      bot_id: '',
      outbound_url: 'http://127.0.0.1:9/x',
    });
    const id = idFrom(res.headers.location as string);
    const agent = await signedIn(app.app, await createMember(app.services, team, 'agent', { current: true }));
    expect(expectPage(await agent.visit('/channels'), 'Channels/Index').props.can).toEqual({
      create: false,
      update: false,
      delete: false,
    });
    expect((await agent.visit(`/channels/${id}`)).status).toBe(200);
    expect((await agent.send('delete', `/channels/${id}`)).status).toBe(403);
    const stranger = await signedIn(app.app, (await createOwnedTeam(app.services, { current: true })).owner);
    expect((await stranger.visit(`/channels/${id}`)).status).toBe(404);
    expect((await stranger.send('delete', `/channels/${id}`)).status).toBe(404);
    expect((await client.send('delete', `/channels/${id}`)).status).toBe(303);
    expect((await client.visit(`/channels/${id}`)).status).toBe(404);
  });
});
