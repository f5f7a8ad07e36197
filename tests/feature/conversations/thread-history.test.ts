import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { createChannel, createConversation } from '../../factories/channels';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { messages } from '../../../server/db/schema/index';

/**
 * A long conversation read back: Conversations/Show opens with its latest 100 messages and says
 * whether there are older ones; conversations.messages.index brings them 100 at a time, before a
 * message, as JSON, to whoever reads the conversation and to nobody of another team. A search hit
 * opened with `?message=` is the message the page goes back to, when it is of this conversation.
 */
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

interface ThreadPage {
  messages: Array<{ id: number; text: string }>;
  has_earlier: boolean;
}

/** A conversation of 230 messages: the first inbound one, then 229 taking turns. */
async function longConversation() {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  const channel = await createChannel(app.services, team.id, {
    type: 'web',
    settings: { allowedDomains: ['kopi.test'] },
  });
  const { conversation, message } = await createConversation(app.services, channel, { text: 'Pesan 1' });
  const start = Date.now() - 230 * 60_000;
  const rows = await app.services.db
    .insert(messages)
    .values(
      Array.from({ length: 229 }, (_, i) => ({
        teamId: team.id,
        conversationId: conversation.id,
        channelId: channel.id,
        direction: i % 2 === 0 ? ('outbound' as const) : ('inbound' as const),
        sender: i % 2 === 0 ? ('agent' as const) : ('contact' as const),
        text: `Pesan ${i + 2}`,
        status: i % 2 === 0 ? ('sent' as const) : ('received' as const),
        createdAt: new Date(start + (i + 1) * 60_000),
      })),
    )
    .returning({ id: messages.id });
  const ids = [message.id, ...rows.map((row) => row.id)];
  return { owner, team, channel, conversation, ids };
}

describe('a long thread', () => {
  it('opens with the latest 100 messages, then brings the earlier ones 100 at a time, oldest first', async () => {
    const { owner, conversation, ids } = await longConversation();
    const client = await signedIn(app.app, owner);
    const show = expectPage(await client.visit(`/conversations/${conversation.id}`), 'Conversations/Show');
    const latest = show.props.messages as ThreadPage['messages'];
    expect(latest.map((m) => m.id)).toEqual(ids.slice(130));
    expect(latest.at(-1)?.text).toBe('Pesan 230');
    expect(show.props.has_earlier).toBe(true);
    expect(show.props.focus_message_id).toBeNull();

    const earlier = await client.agent
      .get(`/conversations/${conversation.id}/messages?before=${latest[0].id}`)
      .set('Accept', 'application/json');
    expect(earlier.status).toBe(200);
    expect((earlier.body as ThreadPage).messages.map((m) => m.id)).toEqual(ids.slice(30, 130));
    expect((earlier.body as ThreadPage).has_earlier).toBe(true);

    const first = await client.agent
      .get(`/conversations/${conversation.id}/messages?before=${ids[30]}`)
      .set('Accept', 'application/json');
    expect((first.body as ThreadPage).messages.map((m) => m.text)).toEqual(
      Array.from({ length: 30 }, (_, i) => `Pesan ${i + 1}`),
    );
    expect((first.body as ThreadPage).has_earlier).toBe(false);

    const none = await client.agent
      .get(`/conversations/${conversation.id}/messages?before=${ids[0]}`)
      .set('Accept', 'application/json');
    expect(none.body).toEqual({ messages: [], has_earlier: false });
  });

  it('says a short thread has nothing earlier, and brings the latest without `before`', async () => {
    const { owner, team } = await createOwnedTeam(app.services, { current: true });
    const channel = await createChannel(app.services, team.id, { type: 'web' });
    const { conversation } = await createConversation(app.services, channel, { text: 'Halo' });
    const client = await signedIn(app.app, owner);
    const show = expectPage(await client.visit(`/conversations/${conversation.id}`), 'Conversations/Show');
    expect(show.props.has_earlier).toBe(false);
    const latest = await client.agent
      .get(`/conversations/${conversation.id}/messages`)
      .set('Accept', 'application/json');
    expect(latest.body).toMatchObject({ messages: [{ text: 'Halo' }], has_earlier: false });
  });

  it('refuses a `before` that is not a message id with a message for the field', async () => {
    const { owner, conversation } = await longConversation();
    const client = await signedIn(app.app, owner);
    for (const before of ['abc', '0', '-3', '1.5', '99999999999']) {
      const res = await client.agent
        .get(`/conversations/${conversation.id}/messages?before=${before}`)
        .set('Accept', 'application/json');
      expect(res.status, before).toBe(422);
      expect(res.body.errors.before).toEqual(['The before field must be the id of a message.']);
    }
  });

  it('is read by every role of the team and by nobody of another team', async () => {
    const { team, conversation, ids } = await longConversation();
    const viewer = await createMember(app.services, team, 'viewer', { current: true });
    const viewing = await signedIn(app.app, viewer);
    const read = await viewing.agent
      .get(`/conversations/${conversation.id}/messages?before=${ids[130]}`)
      .set('Accept', 'application/json');
    expect(read.status).toBe(200);
    expect(read.body.messages).toHaveLength(100);

    const other = await createOwnedTeam(app.services, { current: true });
    const outsider = await signedIn(app.app, other.owner);
    const hidden = await outsider.agent
      .get(`/conversations/${conversation.id}/messages?before=${ids[130]}`)
      .set('Accept', 'application/json');
    expect(hidden.status).toBe(404);
    expect(JSON.stringify(hidden.body)).not.toContain('Pesan');

    const signedOut = await request(app.app)
      .get(`/conversations/${conversation.id}/messages`)
      .set('Accept', 'application/json');
    expect(signedOut.status).toBe(401);
  });

  it('goes back to a message of this conversation named by `message`, and to no other', async () => {
    const { owner, team, channel, conversation, ids } = await longConversation();
    const elsewhere = await createConversation(app.services, channel, { text: 'Lain' });
    const other = await longConversation();
    const client = await signedIn(app.app, owner);
    const focus = async (message: string | number) =>
      expectPage(await client.visit(`/conversations/${conversation.id}?message=${message}`), 'Conversations/Show').props
        .focus_message_id;
    expect(await focus(ids[12])).toBe(ids[12]);
    expect(await focus(elsewhere.message.id)).toBeNull();
    expect(await focus(other.ids[0])).toBeNull();
    expect(await focus('nope')).toBeNull();
    expect(team.id).not.toBe(other.team.id);
  });
});
