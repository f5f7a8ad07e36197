import type { RouteRegistry } from '../server/http/router/registry';
import * as conversations from '../server/http/controllers/conversations/conversation-controller';
import * as attachments from '../server/http/controllers/conversations/attachment-controller';
import * as savedReplies from '../server/http/controllers/conversations/saved-reply-controller';
import * as labels from '../server/http/controllers/conversations/label-controller';
import * as automations from '../server/http/controllers/conversations/automation-controller';

/**
 * The inbox of the current team. Signed in and verified; another team's conversation is a 404.
 * Agents, editors, admins and owners reply, assign, snooze, hand back and resolve, and keep the team's
 * saved replies and labels; viewers read.
 */
export default function conversationRoutes(routes: RouteRegistry): void {
  routes.group({ middleware: ['auth', 'verified'] }, (user) => {
    user.get('/conversations', conversations.index).name('conversations.index');
    // The inbox as filtered, as CSV (a download, before `{conversation}`).
    user.get('/conversations/export', conversations.exportCsv).name('conversations.export');
    // Several conversations at once, from the inbox's ticked rows.
    user.post('/conversations/bulk', conversations.bulk).name('conversations.bulk');
    // The team's saved replies, which the reply box finds after a "/" (before `{conversation}`).
    user.get('/conversations/saved-replies', savedReplies.index).name('saved-replies.index');
    user.post('/conversations/saved-replies', savedReplies.store).name('saved-replies.store');
    user
      .put('/conversations/saved-replies/{savedReply}', savedReplies.update)
      .name('saved-replies.update')
      .whereNumber('savedReply')
      .bind('savedReply');
    user
      .delete('/conversations/saved-replies/{savedReply}', savedReplies.destroy)
      .name('saved-replies.destroy')
      .whereNumber('savedReply')
      .bind('savedReply');
    // Away or back: automatic assignment passes an away person by.
    user.put('/conversations/availability', conversations.updateAvailability).name('conversations.availability.update');
    // The team's labels, put on conversations and filtered by in the inbox.
    user.get('/conversations/labels', labels.index).name('labels.index');
    user.post('/conversations/labels', labels.store).name('labels.store');
    user.put('/conversations/labels/{label}', labels.update).name('labels.update').whereNumber('label').bind('label');
    user
      .delete('/conversations/labels/{label}', labels.destroy)
      .name('labels.destroy')
      .whereNumber('label')
      .bind('label');
    // The team's automation rules: everyone who sees conversations reads them; owners, admins and
    // editors change them (server/domain/automations/rules.ts).
    user.get('/conversations/automations', automations.index).name('automations.index');
    user.post('/conversations/automations', automations.store).name('automations.store');
    user
      .put('/conversations/automations/{automation}', automations.update)
      .name('automations.update')
      .whereNumber('automation')
      .bind('automation');
    user
      .put('/conversations/automations/{automation}/move', automations.move)
      .name('automations.move')
      .whereNumber('automation')
      .bind('automation');
    user
      .delete('/conversations/automations/{automation}', automations.destroy)
      .name('automations.destroy')
      .whereNumber('automation')
      .bind('automation');
    const one = (path: string) => `/conversations/{conversation}${path}`;
    user.get(one(''), conversations.show).name('conversations.show').whereNumber('conversation').bind('conversation');
    user
      .get(one('/messages'), conversations.earlierMessages)
      .name('conversations.messages.index')
      .whereNumber('conversation')
      .bind('conversation');
    user
      .post(one('/messages'), conversations.storeMessage)
      .name('conversations.messages.store')
      .whereNumber('conversation')
      .bind('conversation');
    user
      .post(one('/messages/{message}/resend'), conversations.resend)
      .name('conversations.messages.resend')
      .whereNumber('conversation', 'message')
      .bind('conversation')
      .bind('message');
    user
      .get(one('/messages/{message}/attachments/{index}'), attachments.show)
      .name('conversations.messages.attachment')
      .whereNumber('conversation', 'message', 'index')
      .bind('conversation')
      .bind('message');
    user
      .post(one('/typing'), conversations.typing)
      .name('conversations.typing')
      .whereNumber('conversation')
      .bind('conversation');
    user
      .post(one('/notes'), conversations.storeNote)
      .name('conversations.notes.store')
      .whereNumber('conversation')
      .bind('conversation');
    user
      .get(one('/transcript'), conversations.transcript)
      .name('conversations.transcript')
      .whereNumber('conversation')
      .bind('conversation');
    // A reply drafted by the conversation's bot for the agent to edit (JSON; nothing is stored).
    user
      .post(one('/suggestion'), conversations.suggestion)
      .name('conversations.suggestion')
      .whereNumber('conversation')
      .bind('conversation');
    user
      .put(one('/contact'), conversations.updateContact)
      .name('conversations.contact.update')
      .whereNumber('conversation')
      .bind('conversation');
    user
      .put(one('/labels'), conversations.updateLabels)
      .name('conversations.labels.update')
      .whereNumber('conversation')
      .bind('conversation');
    user
      .post(one('/assign'), conversations.assignTo)
      .name('conversations.assign')
      .whereNumber('conversation')
      .bind('conversation');
    user
      .put(one('/priority'), conversations.updatePriority)
      .name('conversations.priority.update')
      .whereNumber('conversation')
      .bind('conversation');
    user
      .post(one('/snooze'), conversations.snoozeConversation)
      .name('conversations.snooze')
      .whereNumber('conversation')
      .bind('conversation');
    user
      .post(one('/unsnooze'), conversations.unsnoozeConversation)
      .name('conversations.unsnooze')
      .whereNumber('conversation')
      .bind('conversation');
    user
      .post(one('/handback'), conversations.handback)
      .name('conversations.handback')
      .whereNumber('conversation')
      .bind('conversation');
    user
      .post(one('/unread'), conversations.markConversationUnread)
      .name('conversations.unread')
      .whereNumber('conversation')
      .bind('conversation');
    user
      .post(one('/resolve'), conversations.resolveConversation)
      .name('conversations.resolve')
      .whereNumber('conversation')
      .bind('conversation');
    user
      .post(one('/reopen'), conversations.reopenConversation)
      .name('conversations.reopen')
      .whereNumber('conversation')
      .bind('conversation');
  });
}
