import { and, asc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Services } from '../../services';
import {
  automationRules,
  automationRuns,
  conversations,
  messages,
  type HandoffReasonCode,
} from '../../db/schema/index';
import {
  conversationRepository,
  customerWaitingFor,
  customerWaitingSince,
  notSnoozedNow,
  replyWaitSince,
  type ContactRow,
  type ConversationRow,
  type MessageRow,
} from '../../db/repositories/conversation-repository';
import {
  automationRepository,
  enabledRulesOf,
  type AutomationRuleRow,
} from '../../db/repositories/automation-repository';
import { labelRepository } from '../../db/repositories/label-repository';
import { userRepository } from '../../db/repositories/user-repository';
import { teamContactFields } from '../contacts/fields';
import type { ContactFieldShape } from '../contacts/field-values';
import { agentsOf, notifyAssigned } from '../conversations/notifications';
import { assignWaiting } from '../conversations/auto-assign';
import { priorityLabels } from '../conversations/priority-labels';
import { labelLimits } from '../conversations/labels';
import { conversationChanged, messageCreated, type EventServices } from '../conversations/events';
import { emitConversationEvent, type ConversationChange } from '../webhooks/emit';
import { ruleMatches, type AutomationFacts } from './match';
import { channelById } from '../../db/repositories/channel-repository';
import { sendJob } from '../../channels/pipeline';
import { windowExpiresAt } from '../../presenters/conversation-presenter';
import { fillVariables, variableValues } from '../conversations/reply-variables';
import { sweptTriggers, type AutomationTrigger, type SweptTrigger } from './rule-types';
import { teamReplyTargets } from '../../reports/rollup';

type ReplyTargets = Awaited<ReturnType<typeof teamReplyTargets>>;
const isSwept = (trigger: AutomationTrigger): trigger is SweptTrigger =>
  (sweptTriggers as readonly AutomationTrigger[]).includes(trigger);

/**
 * Runs a team's automation rules on a conversation (rules.ts keeps them). Each enabled rule of the
 * trigger whose conditions hold takes its actions in the order the rules are listed: labels added
 * (the team's that still exist, up to a conversation's ten), the priority set, internal notes, the
 * bot's handoff (customer_message: the bot's turn consults `handOffRule`) or an assignment
 * (conversation_queued). A rule that changed something writes a line in the thread ("Rule
 * “Keluhan”: set the priority to High, added the label Keluhan.") and a run in its log; one that
 * found everything already so writes nothing. A customer's message's rules are written before its
 * reply job is queued (inside a webhook delivery's inbound transaction, so a stopped process leaves
 * both or neither), and their lines told after the message itself.
 */

interface Effects {
  labelIds: number[];
  priority: ConversationRow['priority'];
  handedOff: boolean;
  assignee?: { id: number; name: string };
  /** Messages to the customer, their variables filled in. */
  messages: string[];
}

/** What the rules need beyond the conversation: read once, and only when a rule asks. */
function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= load());
}

const quoted = (name: string) => `“${name}”`;

function sentence(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

async function applyRules(
  services: EventServices,
  rules: readonly AutomationRuleRow[],
  conversation: ConversationRow,
  facts: Omit<AutomationFacts, 'fields'>,
  options: { botAnswers: boolean },
): Promise<{
  conversation: ConversationRow;
  effects: Effects;
  lines: MessageRow[];
  acted: number[];
  changed: ConversationChange[];
}> {
  const teamId = conversation.teamId;
  const fields = lazy(() => teamContactFields(services.db, teamId));
  const labels = lazy(async () => new Map((await labelRepository(services.db, teamId).all()).map((l) => [l.id, l])));
  const agents = lazy(async () => new Set(await agentsOf(services.db, teamId)));
  const channel = lazy(() => channelById(services.db, conversation.channelId));
  const contact = lazy(() => conversationRepository(services.db, teamId).contact(conversation.contactId));
  const effects: Effects = {
    labelIds: [...conversation.labelIds],
    priority: conversation.priority,
    handedOff: false,
    messages: [],
  };
  const runs: Array<{ rule: AutomationRuleRow; summary: string; notes: string[] }> = [];
  for (const rule of rules) {
    const needsFields = rule.conditions.some((condition) => condition.type === 'contact_field');
    const teamFields: readonly ContactFieldShape[] = needsFields ? await fields() : [];
    if (!ruleMatches(rule, { ...facts, fields: teamFields })) continue;
    const did: string[] = [];
    const notes: string[] = [];
    for (const action of rule.actions) {
      switch (action.type) {
        case 'add_labels': {
          const known = await labels();
          for (const id of action.label_ids) {
            const label = known.get(id);
            if (!label || effects.labelIds.includes(id)) continue;
            if (effects.labelIds.length >= labelLimits.perConversation) break;
            effects.labelIds.push(id);
            did.push(`added the label ${label.name}`);
          }
          break;
        }
        case 'set_priority':
          if (effects.priority !== action.priority) {
            effects.priority = action.priority;
            did.push(`set the priority to ${priorityLabels[action.priority]}`);
          }
          break;
        case 'add_note':
          notes.push(action.text);
          did.push('added a note');
          break;
        case 'hand_off':
          if (options.botAnswers && !effects.handedOff) {
            effects.handedOff = true;
            did.push('handed the conversation to a person');
          }
          break;
        case 'send_message': {
          const through = await channel();
          if (!through) break;
          // A paused channel says nothing on its own, as its bot does not.
          if (through.status !== 'active') {
            did.push('did not send its message: the channel is paused');
            break;
          }
          // WhatsApp takes free text only within 24 hours of the customer's last message.
          if (through.type === 'whatsapp' && windowExpiresAt(through.type, conversation.lastInboundAt) === null) {
            did.push("could not send its message: WhatsApp's 24-hour window is closed");
            break;
          }
          const customer = await contact();
          const values = variableValues(
            {
              name: customer?.name ?? null,
              phone: customer?.phoneE164 ?? null,
              email: customer?.email ?? null,
              attributes: customer?.attributes,
            },
            null,
            conversation.number,
            await fields(),
            customer?.locale?.toLowerCase().startsWith('en') ? 'en' : 'id',
          );
          effects.messages.push(fillVariables(action.text, values));
          did.push('sent the customer a message');
          break;
        }
        case 'assign':
          if (!effects.assignee && conversation.assigneeId !== action.user_id && (await agents()).has(action.user_id)) {
            const user = await userRepository(services.db).find(action.user_id);
            if (user) {
              effects.assignee = { id: user.id, name: user.name };
              did.push(`assigned it to ${user.name}`);
            }
          }
          break;
      }
    }
    if (did.length > 0) runs.push({ rule, summary: `${sentence(did)}.`, notes });
  }
  if (runs.length === 0) return { conversation, effects, lines: [], acted: [], changed: [] };
  const repo = conversationRepository(services.db, teamId);
  const changed: ConversationChange[] = [
    ...(effects.labelIds.length !== conversation.labelIds.length ? (['labels'] as const) : []),
    ...(effects.priority !== conversation.priority ? (['priority'] as const) : []),
  ];
  const updated =
    changed.length > 0
      ? ((await repo.update(conversation.id, { labelIds: effects.labelIds, priority: effects.priority })) ??
        conversation)
      : conversation;
  const lines: MessageRow[] = [];
  const write = async (kind: 'event' | 'note', text: string) => {
    const line = await repo.insertMessage({
      conversationId: conversation.id,
      channelId: conversation.channelId,
      direction: 'outbound',
      sender: 'system',
      kind,
      text,
      status: 'sent',
    });
    if (line) lines.push(line);
  };
  for (const run of runs) {
    await write('event', `Rule ${quoted(run.rule.name)}: ${run.summary}`);
    for (const text of run.notes) await write('note', text);
  }
  // The messages go out from the bot, by the send job every reply takes (after the commit).
  for (const text of effects.messages) {
    const message = await repo.insertMessage({
      conversationId: conversation.id,
      channelId: conversation.channelId,
      direction: 'outbound',
      sender: 'bot',
      kind: 'text',
      text,
      status: 'queued',
    });
    if (!message) continue;
    lines.push(message);
    await services.jobs.send(sendJob, { teamId, messageId: message.id, attempt: 1 });
  }
  // The page's activity says it as a sentence of its own: "Set the priority to High."
  await automationRepository(services.db, teamId).recordRuns(
    runs.map((run) => ({
      ruleId: run.rule.id,
      ruleName: run.rule.name,
      conversationId: conversation.id,
      summary: (run.summary.charAt(0).toUpperCase() + run.summary.slice(1)).slice(0, 500),
    })),
  );
  return { conversation: updated, effects, lines, acted: runs.map((run) => run.rule.id), changed };
}

/**
 * The team's webhooks hear what rules changed of a conversation's labels or priority
 * (`conversation.updated`), in the transaction of the change when it has one.
 */
export async function tellRuleChanges(
  services: EventServices,
  conversation: Pick<ConversationRow, 'id' | 'teamId'>,
  changed: readonly ConversationChange[],
): Promise<void> {
  if (changed.length === 0) return;
  await emitConversationEvent(
    services,
    conversation.teamId,
    'conversation.updated',
    conversation.id,
    undefined,
    changed,
  );
}

/**
 * A customer's message: the team's customer_message rules, run before its reply job is queued.
 * Returns the conversation as they left it (its labels and priority) and the thread's lines they
 * wrote, which the caller tells after the message itself. `botAnswers`: the bot is about to answer
 * this message, so a rule may hand the conversation to a person instead; the bot's turn does that
 * (`handOffRule`).
 */
export async function runMessageRules(
  services: EventServices,
  input: {
    conversation: ConversationRow;
    contact: Pick<ContactRow, 'attributes'>;
    message: Pick<MessageRow, 'text'>;
    opened: boolean;
    botAnswers: boolean;
  },
): Promise<{ conversation: ConversationRow; lines: MessageRow[]; changed: ConversationChange[] }> {
  const rules = await enabledRulesOf(services.db, input.conversation.teamId, 'customer_message');
  if (rules.length === 0) return { conversation: input.conversation, lines: [], changed: [] };
  const { conversation, lines, changed } = await applyRules(
    services,
    rules,
    input.conversation,
    messageFacts(input.conversation, input.contact, input.message.text, input.opened),
    { botAnswers: input.botAnswers },
  );
  return { conversation, lines, changed };
}

function messageFacts(
  conversation: Pick<ConversationRow, 'channelId'>,
  contact: Pick<ContactRow, 'attributes'>,
  text: string,
  firstMessage: boolean,
): Omit<AutomationFacts, 'fields'> {
  return {
    trigger: 'customer_message' satisfies AutomationTrigger,
    text,
    firstMessage,
    channelId: conversation.channelId,
    attributes: contact.attributes,
    handoffReason: null,
    waitedMinutes: null,
  };
}

/**
 * The rule that has the bot hand the conversation to a person instead of answering, if any: the
 * bot's turn asks, as it reads its own handoff keywords, about every message it answers together
 * (the customer's since the last reply), because the inbound transaction ran the rules on each as
 * it came and wrote "handed the conversation to a person" for the one that matched, which a newer
 * message must not make untrue.
 */
export async function handOffRule(
  services: Pick<Services, 'db'>,
  input: {
    conversation: Pick<ConversationRow, 'id' | 'teamId' | 'channelId'>;
    contact: Pick<ContactRow, 'attributes'>;
    messages: ReadonlyArray<Pick<MessageRow, 'id' | 'text'>>;
  },
): Promise<AutomationRuleRow | undefined> {
  const rules = (await enabledRulesOf(services.db, input.conversation.teamId, 'customer_message')).filter((rule) =>
    rule.actions.some((action) => action.type === 'hand_off'),
  );
  if (rules.length === 0 || input.messages.length === 0) return undefined;
  const asksFirst = rules.some((rule) => rule.conditions.some((condition) => condition.type === 'first_message'));
  const earliest = input.messages.reduce((first, message) => (message.id < first.id ? message : first));
  const firstId = asksFirst && !(await inboundBefore(services, input.conversation, earliest.id)) ? earliest.id : null;
  const needsFields = rules.some((rule) => rule.conditions.some((condition) => condition.type === 'contact_field'));
  const fields = needsFields ? await teamContactFields(services.db, input.conversation.teamId) : [];
  for (const message of input.messages) {
    const facts = {
      ...messageFacts(input.conversation, input.contact, message.text, message.id === firstId),
      fields,
    };
    const rule = rules.find((candidate) => ruleMatches(candidate, facts));
    if (rule) return rule;
  }
  return undefined;
}

/** Whether the customer wrote in the conversation before this message. */
async function inboundBefore(
  services: Pick<Services, 'db'>,
  conversation: Pick<ConversationRow, 'id' | 'teamId'>,
  messageId: number,
): Promise<boolean> {
  const [row] = await services.db
    .select({ one: sql<number>`1` })
    .from(messages)
    .where(
      and(
        eq(messages.teamId, conversation.teamId),
        eq(messages.conversationId, conversation.id),
        eq(messages.direction, 'inbound'),
        lt(messages.id, messageId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * A conversation handed to a person: the team's conversation_queued rules. Returns the
 * conversation as they left it and the teammate a rule gave it to, if one did (still a member who
 * answers conversations); the caller assigns it.
 */
export async function runQueuedRules(
  services: EventServices,
  conversation: ConversationRow,
  contact: Pick<ContactRow, 'attributes'> | undefined,
  reason: HandoffReasonCode | null,
): Promise<{ conversation: ConversationRow; assignee?: { id: number; name: string } }> {
  const rules = await enabledRulesOf(services.db, conversation.teamId, 'conversation_queued');
  if (rules.length === 0) return { conversation };
  const {
    conversation: updated,
    effects,
    lines,
    changed,
  } = await applyRules(
    services,
    rules,
    conversation,
    {
      trigger: 'conversation_queued',
      text: '',
      firstMessage: false,
      channelId: conversation.channelId,
      attributes: contact?.attributes ?? {},
      handoffReason: reason,
      waitedMinutes: null,
    },
    { botAnswers: false },
  );
  for (const line of lines) await messageCreated(services, line);
  await tellRuleChanges(services, conversation, changed);
  return { conversation: updated, assignee: effects.assignee };
}

/** The first key of the advisory locks that keep a timed rule to once a wait ("wait" in ASCII). */
const waitLockSpace = 0x77616974;

/** Each swept trigger: the states its conversations are in, and since when one has waited (SQL over `conversations`). */
const waits: Record<SweptTrigger, { states: ConversationRow['state'][]; since: SQL }> = {
  conversation_waiting: { states: ['queued'], since: sql`${conversations.handoffAt}` },
  reply_waiting: { states: ['human'], since: replyWaitSince },
  reply_target_missed: { states: ['queued', 'human'], since: customerWaitingSince },
};

/**
 * A wait (`since`, of the reply `kind`: 'first' or 'next') is past the team's target for that reply
 * at `now` (SQL; false when that reply has no target).
 */
const pastTarget = (since: SQL.Aliased | SQL, kind: SQL.Aliased | SQL, targets: ReplyTargets, now: Date) =>
  sql`${since} + make_interval(mins => (case ${kind} when 'first' then ${targets.first}::int
    when 'next' then ${targets.next}::int end)) <= ${now.toISOString()}::timestamptz`;

/**
 * The workers' minute sweep: each enabled swept rule, on the team's conversations that have waited
 * at least its minutes (for a person to take them: queued since their handoff; for a person's
 * reply: with a person, since the customer began waiting) or past the team's reply target for the
 * reply they wait for, and that it has not looked at in this wait. A rule looks at a conversation
 * once a wait: it acts if its other conditions hold, and otherwise is done with it (a silent run,
 * `summary` empty, neither counted nor listed), so a conversation it passed over never holds up the
 * ones after it. Snoozed conversations wait for their time. Returns how many conversations a rule
 * acted on.
 */
export async function runWaitingRules(services: EventServices, now = new Date(), perRule = 50): Promise<number> {
  const rules = await services.db
    .select()
    .from(automationRules)
    .where(and(inArray(automationRules.trigger, [...sweptTriggers]), eq(automationRules.enabled, true)))
    .orderBy(asc(automationRules.teamId), asc(automationRules.position), asc(automationRules.id));
  let acted = 0;
  for (const rule of rules) {
    if (!isSwept(rule.trigger)) continue;
    const wait = waits[rule.trigger];
    const waiting = services.db
      .select({
        id: conversations.id,
        since: sql<string | null>`${wait.since}`.as('since'),
        // Which reply it waits for: only a target rule asks (reading it costs two more lookups a conversation).
        kind: (rule.trigger === 'reply_target_missed' ? sql<string | null>`${customerWaitingFor}` : sql<null>`null`).as(
          'kind',
        ),
      })
      .from(conversations)
      .where(and(eq(conversations.teamId, rule.teamId), inArray(conversations.state, wait.states), notSnoozedNow))
      .as('waiting');
    let late: SQL;
    if (rule.trigger === 'reply_target_missed') {
      const targets = await teamReplyTargets(services.db, rule.teamId);
      if (targets.first === null && targets.next === null) continue;
      late = pastTarget(sql`${waiting.since}`, sql`${waiting.kind}`, targets, now);
    } else {
      const waited = rule.conditions.find((condition) => condition.type === 'waited');
      if (!waited) continue;
      late = sql`${waiting.since} <= ${new Date(now.getTime() - waited.minutes * 60_000).toISOString()}::timestamptz`;
    }
    const due = await services.db
      .select({ id: waiting.id })
      .from(waiting)
      .where(
        and(
          late,
          sql`not exists (select 1 from ${automationRuns} r where r.rule_id = ${rule.id}
                and r.conversation_id = ${waiting.id} and r.created_at >= ${waiting.since})`,
        ),
      )
      .orderBy(asc(waiting.since))
      .limit(perRule);
    for (const { id } of due) if (await waitedRule(services, rule, rule.trigger, id, now)) acted += 1;
  }
  return acted;
}

/** One timed rule on one conversation, once a wait (several workers may sweep at once). */
async function waitedRule(
  services: EventServices,
  rule: AutomationRuleRow,
  trigger: SweptTrigger,
  conversationId: number,
  now: Date,
): Promise<boolean> {
  return services.db.transaction(async (tx) => {
    const inTx = { ...services, db: tx };
    await tx.execute(
      sql`select pg_advisory_xact_lock(${waitLockSpace}::int, hashtext(${`${rule.id}:${conversationId}`}))`,
    );
    const repo = conversationRepository(tx, rule.teamId);
    const wait = waits[trigger];
    // Read again under the lock: taken, answered or resolved meanwhile, it no longer waits.
    const targets = trigger === 'reply_target_missed' ? await teamReplyTargets(tx, rule.teamId) : undefined;
    const [row] = await tx
      .select({
        since: sql`${wait.since}`.mapWith((value: string | Date | null) => value && new Date(value)),
        late: targets ? sql<boolean>`${pastTarget(wait.since, customerWaitingFor, targets, now)}` : sql<boolean>`true`,
      })
      .from(conversations)
      .where(
        and(
          eq(conversations.teamId, rule.teamId),
          eq(conversations.id, conversationId),
          inArray(conversations.state, wait.states),
        ),
      );
    const conversation = row?.since && row.late ? await repo.find(conversationId) : undefined;
    if (!row?.since || !conversation) return false;
    const since = row.since;
    const [seen] = await tx
      .select({ id: automationRuns.id })
      .from(automationRuns)
      .where(
        and(
          eq(automationRuns.ruleId, rule.id),
          eq(automationRuns.conversationId, conversationId),
          gte(automationRuns.createdAt, since),
        ),
      )
      .limit(1);
    if (seen) return false;
    const contact = await repo.contact(conversation.contactId);
    const ruled = await applyRules(
      inTx,
      [rule],
      conversation,
      {
        trigger,
        text: '',
        firstMessage: false,
        channelId: conversation.channelId,
        attributes: contact?.attributes ?? {},
        handoffReason: conversation.handoffReason,
        waitedMinutes: Math.floor((now.getTime() - since.getTime()) / 60_000),
      },
      { botAnswers: false },
    );
    if (ruled.acted.length === 0) {
      await automationRepository(tx, rule.teamId).recordRuns([
        { ruleId: rule.id, ruleName: rule.name, conversationId, summary: '' },
      ]);
      return false;
    }
    for (const line of ruled.lines) await messageCreated(inTx, line);
    await tellRuleChanges(inTx, conversation, ruled.changed);
    const assignee = ruled.effects.assignee;
    // Waiting to be taken: given to the teammate; with a person: given from them to the teammate.
    const assigned =
      assignee &&
      (conversation.state === 'queued'
        ? await assignWaiting(inTx, ruled.conversation, assignee)
        : await repo.transition(conversationId, ['human'], { assigneeId: assignee.id }));
    if (assigned && assignee) {
      await notifyAssigned(inTx, assigned, assignee.id, contact?.name ?? null, { by: 'An automation rule' });
    }
    await conversationChanged(inTx, rule.teamId, conversationId, assigned ? 'assigned' : 'rule');
    return true;
  });
}
