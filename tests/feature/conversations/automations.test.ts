import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { expectRedirect } from '../../helpers/teams';
import { createChannel } from '../../factories/channels';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { automationRules, contactFields, conversationLabels } from '../../../server/db/schema/index';
import { automationLimits } from '../../../server/domain/automations/rule-types';

/**
 * Managing automation rules (Conversations/Automations, automations.store|update|move|destroy):
 * owners, admins and editors add, change, reorder, turn off and delete the team's rules; every
 * condition and action is checked against the rule's trigger and the team's own channels, labels,
 * fields and teammates, a bad one refused with a message under its own field and nothing stored;
 * agents and viewers read the rules; another team's rule is a 404.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const page = '/conversations/automations';
const bagged = (bag: string) => ({ Referer: page, 'X-Inertia-Error-Bag': bag });

type Rule = {
  id: number;
  name: string;
  trigger: string;
  conditions: unknown[];
  actions: unknown[];
  enabled: boolean;
  runs: number;
  last_run_at: string | null;
};

async function newTeam() {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  const owned = await signedIn(app.app, owner);
  const agent = await createMember(app.services, team, 'agent', { current: true, name: 'Budi' });
  const whatsapp = await createChannel(app.services, team.id, { type: 'whatsapp', name: 'WhatsApp Kopi' });
  const web = await createChannel(app.services, team.id, { type: 'web', name: 'Website' });
  const [keluhan] = await app.services.db
    .insert(conversationLabels)
    .values({ teamId: team.id, name: 'Keluhan', color: 'red' })
    .returning();
  await app.services.db.insert(contactFields).values([
    { teamId: team.id, key: 'poin', label: 'Poin', type: 'number' },
    { teamId: team.id, key: 'member_tier', label: 'Member tier', type: 'list', options: ['Silver', 'Gold'] },
    { teamId: team.id, key: 'kota', label: 'Kota', type: 'text' },
  ]);
  const rows = () =>
    app.services.db
      .select()
      .from(automationRules)
      .where(eq(automationRules.teamId, team.id))
      .orderBy(automationRules.position);
  const rules = async () => expectPage(await owned.visit(page), 'Conversations/Automations').props.rules as Rule[];
  return { owner, team, owned, agent, whatsapp, web, keluhan, rows, rules };
}

const complaint = (channelId: number, labelId: number) => ({
  name: 'Keluhan',
  trigger: 'customer_message',
  conditions: [
    { type: 'message_contains', words: ['komplain', ' refund ', '', 'komplain'] },
    { type: 'channel', channel_ids: [channelId] },
  ],
  actions: [
    { type: 'set_priority', priority: 'high' },
    { type: 'add_labels', label_ids: [labelId] },
    { type: 'add_note', text: 'Minta foto pesanan.' },
    { type: 'hand_off' },
  ],
});

describe('automation rules', () => {
  it('are added, listed in the order they run, changed, reordered, turned off and deleted', async () => {
    const { owned, agent, whatsapp, web, keluhan, rows, rules } = await newTeam();
    const empty = expectPage(await owned.visit(page), 'Conversations/Automations');
    expect(empty.props).toMatchObject({ rules: [], recent_runs: [], limits: automationLimits, can: { manage: true } });
    const options = empty.props.options as Record<string, Array<Record<string, unknown>>>;
    expect(options.channels.map((channel) => channel.name)).toEqual(['Website', 'WhatsApp Kopi']);
    expect(options.labels).toEqual([{ id: keluhan.id, name: 'Keluhan', color: 'red', description: '' }]);
    expect(options.fields).toContainEqual({
      key: 'member_tier',
      label: 'Member tier',
      type: 'list',
      choices: ['Silver', 'Gold'],
    });
    expect(options.members.map((member) => member.name)).toContain('Budi');
    expect(options.handoff_reasons).toContainEqual({ value: 'user_request', label: 'Asked for a person' });
    expect(options.priorities.map((priority) => priority.value)).toEqual(['low', 'medium', 'high', 'urgent']);

    expectRedirect(await owned.send('post', page, complaint(whatsapp.id, keluhan.id)), page);
    expectRedirect(
      await owned.send('post', page, {
        name: 'Gold ke Budi',
        trigger: 'conversation_queued',
        conditions: [
          { type: 'contact_field', key: 'member_tier', operator: 'is', value: 'gold' },
          { type: 'contact_field', key: 'poin', operator: 'at_least', value: '1.000' },
          { type: 'handoff_reason', reasons: ['user_request', 'keyword'] },
        ],
        actions: [{ type: 'assign', user_id: agent.id }],
        enabled: false,
      }),
      page,
    );
    const [first, second] = await rules();
    expect(first).toMatchObject({
      name: 'Keluhan',
      trigger: 'customer_message',
      enabled: true,
      runs: 0,
      last_run_at: null,
      // Words trimmed, empty and repeated ones dropped.
      conditions: [
        { type: 'message_contains', words: ['komplain', 'refund'] },
        { type: 'channel', channel_ids: [whatsapp.id] },
      ],
      actions: complaint(whatsapp.id, keluhan.id).actions,
    });
    // Values are kept as their field reads them: the choice's own case, the number.
    expect(second).toMatchObject({
      name: 'Gold ke Budi',
      enabled: false,
      conditions: [
        { type: 'contact_field', key: 'member_tier', operator: 'is', value: 'Gold' },
        { type: 'contact_field', key: 'poin', operator: 'at_least', value: '1000' },
        { type: 'handoff_reason', reasons: ['user_request', 'keyword'] },
      ],
    });

    // Changed whole; then turned off and on again with its body.
    const changed = {
      ...complaint(web.id, keluhan.id),
      name: 'Keluhan web',
      actions: [{ type: 'set_priority', priority: 'urgent' }],
    };
    expectRedirect(await owned.send('put', `${page}/${first.id}`, changed), page);
    expect((await rules())[0]).toMatchObject({
      name: 'Keluhan web',
      conditions: [expect.anything(), { type: 'channel', channel_ids: [web.id] }],
      actions: [{ type: 'set_priority', priority: 'urgent' }],
    });
    expectRedirect(await owned.send('put', `${page}/${first.id}`, { ...changed, enabled: false }), page);
    expect((await rules())[0].enabled).toBe(false);

    // The second moves up: it runs first now.
    expectRedirect(await owned.send('put', `${page}/${second.id}/move`, { direction: 'up' }), page);
    expect((await rules()).map((rule) => rule.id)).toEqual([second.id, first.id]);
    expectRedirect(await owned.send('put', `${page}/${second.id}/move`, { direction: 'up' }), page);
    expect((await rules()).map((rule) => rule.id)).toEqual([second.id, first.id]);
    expectRedirect(await owned.send('put', `${page}/${second.id}/move`, { direction: 'down' }), page);
    expect((await rows()).map((rule) => [rule.id, rule.position])).toEqual([
      [first.id, 1],
      [second.id, 2],
    ]);

    expectRedirect(await owned.send('delete', `${page}/${first.id}`), page);
    expect((await rows()).map((rule) => rule.name)).toEqual(['Gold ke Budi']);
  });

  it('answer bad input with a message under its field and store nothing', async () => {
    const { owned, whatsapp, keluhan, rows } = await newTeam();
    const other = await createOwnedTeam(app.services);
    const theirChannel = await createChannel(app.services, other.team.id, { type: 'web' });
    const [theirLabel] = await app.services.db
      .insert(conversationLabels)
      .values({ teamId: other.team.id, name: 'Theirs' })
      .returning();
    const otherMember = await createMember(app.services, other.team, 'agent');
    const base = complaint(whatsapp.id, keluhan.id);
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [
        {},
        {
          name: 'The name field is required.',
          trigger: 'Choose when the rule runs.',
          actions: 'The actions must be a list.',
        },
      ],
      [{ ...base, name: 'x'.repeat(81) }, { name: 'The name field must not be greater than 80 characters.' }],
      [{ ...base, actions: [] }, { actions: 'Add at least one action.' }],
      [
        { ...base, conditions: [{ type: 'message_contains', words: [' ', ''] }] },
        { 'conditions.0.words': 'Write at least one word or phrase.' },
      ],
      [{ ...base, conditions: [{ type: 'weather' }] }, { 'conditions.0.type': 'Choose a condition from the list.' }],
      [{ ...base, actions: [{ type: 'delete_everything' }] }, { 'actions.0.type': 'Choose an action from the list.' }],
      [
        { ...base, conditions: [{ type: 'channel', channel_ids: [theirChannel.id] }] },
        { 'conditions.0.channel_ids': 'The selected channel is invalid.' },
      ],
      [
        { ...base, actions: [{ type: 'add_labels', label_ids: [theirLabel.id] }] },
        { 'actions.0.label_ids': 'The selected label is invalid.' },
      ],
      [
        { ...base, conditions: [{ type: 'contact_field', key: 'poin', operator: 'is', value: 'banyak' }] },
        { 'conditions.0.value': 'Poin must be a number, such as 1500000 or 1.500.000.' },
      ],
      [
        { ...base, conditions: [{ type: 'contact_field', key: 'kota', operator: 'at_least', value: '3' }] },
        { 'conditions.0.operator': 'Kota is not a number field: choose “is” or “is not”.' },
      ],
      [
        { ...base, conditions: [{ type: 'contact_field', key: 'member_tier', operator: 'is', value: '' }] },
        { 'conditions.0.value': 'Write the value to compare with.' },
      ],
      [
        { ...base, conditions: [{ type: 'contact_field', key: 'hobi', operator: 'is_set' }] },
        { 'conditions.0.key': 'The selected field is invalid.' },
      ],
      // What the trigger does not offer.
      [
        { ...base, conditions: [{ type: 'handoff_reason', reasons: ['keyword'] }] },
        { 'conditions.0.type': '“Handoff reason is” cannot be checked when a customer writes.' },
      ],
      [
        { ...base, trigger: 'conversation_queued', conditions: [] },
        { 'actions.3.type': '“Hand to a person” cannot be done when a conversation is handed to a person.' },
      ],
      [
        {
          ...base,
          trigger: 'conversation_queued',
          conditions: [],
          actions: [{ type: 'assign', user_id: otherMember.id }],
        },
        { 'actions.0.user_id': 'Choose a teammate who answers conversations.' },
      ],
      [
        { ...base, actions: [{ type: 'hand_off' }, { type: 'hand_off' }] },
        {
          actions:
            'Each of “Hand to a person”, “Assign to”, “Set priority” and “Send the customer a message” can be added once.',
        },
      ],
      [
        {
          ...base,
          actions: Array.from({ length: automationLimits.actions + 1 }, () => ({ type: 'add_note', text: 'x' })),
        },
        { actions: `A rule may have up to ${automationLimits.actions} actions.` },
      ],
      [{ ...base, actions: [{ type: 'add_note', text: '' }] }, { 'actions.0.text': 'The text field is required.' }],
      [
        { ...base, actions: [{ type: 'set_priority', priority: 'asap' }] },
        { 'actions.0.priority': 'The priority must be one of low, medium, high or urgent.' },
      ],
      [{ ...base, enabled: 'yes' }, { enabled: 'The enabled field must be true or false.' }],
    ];
    for (const [body, errors] of cases) {
      expectRedirect(await owned.send('post', page, body, bagged('createAutomation')), page);
      expect(
        expectPage(await owned.visit(page), 'Conversations/Automations').props.errors,
        JSON.stringify(body).slice(0, 200),
      ).toEqual({ createAutomation: errors });
    }
    expect(await rows()).toEqual([]);
  });

  it(`keep at most ${automationLimits.perTeam} a team`, async () => {
    const { team, owned, whatsapp, keluhan, rows } = await newTeam();
    await app.services.db.insert(automationRules).values(
      Array.from({ length: automationLimits.perTeam }, (_, index) => ({
        teamId: team.id,
        name: `R${index}`,
        trigger: 'customer_message' as const,
        actions: [{ type: 'hand_off' as const }],
      })),
    );
    expectRedirect(
      await owned.send('post', page, complaint(whatsapp.id, keluhan.id), bagged('createAutomation')),
      page,
    );
    expect(expectPage(await owned.visit(page), 'Conversations/Automations').props.errors).toEqual({
      createAutomation: {
        name: `A team can keep up to ${automationLimits.perTeam} rules. Delete one you no longer use.`,
      },
    });
    expect(await rows()).toHaveLength(automationLimits.perTeam);
  });

  it('are changed by editors too; agents and viewers read them; another team’s rule is a 404', async () => {
    const { team, owned, whatsapp, keluhan, rows } = await newTeam();
    expectRedirect(await owned.send('post', page, complaint(whatsapp.id, keluhan.id)), page);
    const [rule] = await rows();

    const editor = await signedIn(app.app, await createMember(app.services, team, 'editor', { current: true }));
    expectRedirect(
      await editor.send('put', `${page}/${rule.id}`, { ...complaint(whatsapp.id, keluhan.id), name: 'Komplain' }),
      page,
    );
    expect((await rows())[0].name).toBe('Komplain');

    for (const role of ['agent', 'viewer'] as const) {
      const reader = await signedIn(app.app, await createMember(app.services, team, role, { current: true }));
      const seen = expectPage(await reader.visit(page), 'Conversations/Automations');
      expect(seen.props.can).toEqual({ manage: false });
      expect((seen.props.rules as Rule[]).map((r) => r.name)).toEqual(['Komplain']);
      expect((await reader.send('post', page, complaint(whatsapp.id, keluhan.id))).status).toBe(403);
      expect((await reader.send('put', `${page}/${rule.id}`, complaint(whatsapp.id, keluhan.id))).status).toBe(403);
      expect((await reader.send('put', `${page}/${rule.id}/move`, { direction: 'up' })).status).toBe(403);
      expect((await reader.send('delete', `${page}/${rule.id}`)).status).toBe(403);
    }
    expect(await rows()).toHaveLength(1);

    const stranger = await createOwnedTeam(app.services, { current: true });
    const theirs = await signedIn(app.app, stranger.owner);
    expect(expectPage(await theirs.visit(page), 'Conversations/Automations').props.rules).toEqual([]);
    expect(
      (
        await theirs.send('put', `${page}/${rule.id}`, {
          name: 'Mine',
          trigger: 'customer_message',
          actions: [{ type: 'hand_off' }],
        })
      ).status,
    ).toBe(404);
    expect((await theirs.send('put', `${page}/${rule.id}/move`, { direction: 'down' })).status).toBe(404);
    expect((await theirs.send('delete', `${page}/${rule.id}`)).status).toBe(404);
    expect((await rows())[0].name).toBe('Komplain');
  });
});
