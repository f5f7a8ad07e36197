import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../helpers/app';
import { createChannel, createConversation } from '../../factories/channels';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';

/**
 * What a team takes out of the inbox: the list as filtered, as CSV (conversations.export, with the
 * list's query), and one conversation as a plain-text transcript (conversations.transcript). Both
 * for whoever sees conversations; another team's rows never appear and its conversation is a 404.
 */
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function inbox() {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  const channel = await createChannel(app.services, team.id, {
    type: 'web',
    name: 'Website Kopi',
    settings: { allowedDomains: ['kopi.test'] },
  });
  const repo = conversationRepository(app.services.db, team.id);
  const open = await createConversation(app.services, channel, { text: 'Outlet Kemang buka jam berapa?' });
  const done = await createConversation(app.services, channel, { text: 'Terima kasih' });
  await repo.update(done.conversation.id, {
    state: 'resolved',
    resolvedAt: new Date(),
    resolvedBy: 'human',
    csatScore: 5,
  });
  await repo.setContactDetails(open.conversation.contactId, { name: '=HYPERLINK("http://evil.test")' });
  const viewer = await createMember(app.services, team, 'viewer', { current: true });
  return { owner, team, channel, repo, open: open.conversation, done: done.conversation, viewer };
}

/** The CSV's lines as fields (no field here holds a comma or a quote but the formula's). */
const lines = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

describe('the inbox exported', () => {
  it('writes the conversations the filters show, as CSV with a BOM, formulas made inert', async () => {
    const { owner, open, done, viewer } = await inbox();
    await inbox(); // another team's conversations never appear
    const client = await signedIn(app.app, owner);
    const all = await client.agent.get('/conversations/export');
    expect(all.status).toBe(200);
    expect(all.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(all.headers['content-disposition']).toMatch(
      /^attachment; filename="kawan-conversations-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(all.text.startsWith('\uFEFF')).toBe(true);
    const rows = lines(all.text);
    expect(rows[0]).toBe(
      'number,state,channel,channel_type,contact_name,contact_phone,bot,assignee,priority,labels,handoff_reason,customer_messages,bot_replies,human_replies,reopens,csat,created_at,last_message_at,resolved_at,resolved_by',
    );
    expect(rows).toHaveLength(3);
    const byNumber = new Map(rows.slice(1).map((row) => [Number(row.split(',')[0]), row]));
    expect(byNumber.get(open.number)).toContain(`,Website Kopi,web,"'=HYPERLINK(""http://evil.test"")",`);
    expect(byNumber.get(done.number)).toMatch(/,resolved,Website Kopi,web,.*,5,.*,human$/);

    const resolved = await client.agent.get('/conversations/export?state=resolved');
    expect(
      lines(resolved.text)
        .slice(1)
        .map((row) => Number(row.split(',')[0])),
    ).toEqual([done.number]);

    const asViewer = await (await signedIn(app.app, viewer)).agent.get('/conversations/export');
    expect(asViewer.status).toBe(200);
  });

  it('writes one conversation as a transcript in the team’s time zone; another team’s is a 404', async () => {
    const { owner, open, channel, repo } = await inbox();
    await repo.insertMessage({
      conversationId: open.id,
      channelId: channel.id,
      direction: 'outbound',
      sender: 'agent',
      senderUserId: owner.id,
      kind: 'note',
      text: 'Pelanggan tetap.',
      status: 'sent',
    });
    const client = await signedIn(app.app, owner);
    const res = await client.agent.get(`/conversations/${open.id}/transcript`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="conversation-${open.number}.txt"`);
    const text = res.text.split('\n');
    expect(text[0]).toBe(`Conversation #${open.number} · Website Kopi`);
    expect(text[2]).toMatch(/^Started: \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(Asia\/Jakarta\) · State: bot$/);
    expect(res.text).toMatch(/\d{2}:\d{2} {2}=HYPERLINK\("http:\/\/evil\.test"\): Outlet Kemang buka jam berapa\?/);
    expect(res.text).toContain(`${owner.name} (internal note): Pelanggan tetap.`);

    const stranger = await createOwnedTeam(app.services, { current: true });
    const foreign = await (await signedIn(app.app, stranger.owner)).agent.get(`/conversations/${open.id}/transcript`);
    expect(foreign.status).toBe(404);
  });
});
