// Generated from routes/*.ts by `npm run routes:types`; do not edit by hand.
import 'ziggy-js';

declare module 'ziggy-js' {
  interface RouteList {
    welcome: [];
    'early-access.create': [];
    'early-access.store': [];
    privacy: [];
    'privacy-policy': [];
    terms: [];
    'terms-of-service': [];
    login: [];
    'login.store': [];
    register: [];
    'register.store': [];
    logout: [];
    dashboard: [];
    'password.request': [];
    'password.email': [];
    'password.reset': [{ name: 'token'; required: true }];
    'password.update': [];
    'verification.notice': [];
    'verification.verify': [{ name: 'id'; required: true }, { name: 'hash'; required: true }];
    'verification.send': [];
    'password.confirm': [];
    'password.confirm.store': [];
    'password.confirmation': [];
    'two-factor.login': [];
    'two-factor.login.store': [];
    'two-factor.enable': [];
    'two-factor.confirm': [];
    'two-factor.disable': [];
    'two-factor.qr-code': [];
    'two-factor.secret-key': [];
    'two-factor.recovery-codes': [];
    'two-factor.regenerate-recovery-codes': [];
    'profile.show': [];
    'user-profile-information.update': [];
    'current-user-photo.destroy': [];
    'user-password.update': [];
    'user-notification-preferences.update': [];
    'other-browser-sessions.destroy': [];
    'current-user.destroy': [];
    'teams.create': [];
    'teams.store': [];
    'teams.show': [{ name: 'team'; required: true; binding: 'id' }];
    'teams.update': [{ name: 'team'; required: true; binding: 'id' }];
    'teams.timezone.update': [{ name: 'team'; required: true; binding: 'id' }];
    'teams.assignment.update': [{ name: 'team'; required: true; binding: 'id' }];
    'teams.reply-targets.update': [{ name: 'team'; required: true; binding: 'id' }];
    'teams.destroy': [{ name: 'team'; required: true; binding: 'id' }];
    'current-team.update': [];
    'team-members.store': [{ name: 'team'; required: true; binding: 'id' }];
    'team-members.update': [
      { name: 'team'; required: true; binding: 'id' },
      { name: 'user'; required: true; binding: 'id' },
    ];
    'team-members.destroy': [
      { name: 'team'; required: true; binding: 'id' },
      { name: 'user'; required: true; binding: 'id' },
    ];
    'team-invitations.accept': [{ name: 'invitation'; required: true; binding: 'id' }];
    'team-invitations.destroy': [{ name: 'invitation'; required: true; binding: 'id' }];
    'knowledges.index': [];
    'knowledges.create': [];
    'knowledges.store': [];
    'knowledges.edit': [{ name: 'knowledge'; required: true; binding: 'id' }];
    'knowledges.update': [{ name: 'knowledge'; required: true; binding: 'id' }];
    'knowledges.destroy': [{ name: 'knowledge'; required: true; binding: 'id' }];
    'knowledges.sources.store': [{ name: 'knowledge'; required: true; binding: 'id' }];
    'knowledges.sources.update': [
      { name: 'knowledge'; required: true; binding: 'id' },
      { name: 'source'; required: true; binding: 'id' },
    ];
    'knowledges.sources.refresh': [
      { name: 'knowledge'; required: true; binding: 'id' },
      { name: 'source'; required: true; binding: 'id' },
    ];
    'knowledges.sources.destroy': [
      { name: 'knowledge'; required: true; binding: 'id' },
      { name: 'source'; required: true; binding: 'id' },
    ];
    'knowledges.chunks.update': [
      { name: 'knowledge'; required: true; binding: 'id' },
      { name: 'chunk'; required: true; binding: 'id' },
    ];
    'knowledges.search': [{ name: 'knowledge'; required: true; binding: 'id' }];
    'bots.index': [];
    'bots.create': [];
    'bots.store': [];
    'bots.show': [{ name: 'bot'; required: true; binding: 'id' }];
    'bots.edit': [{ name: 'bot'; required: true; binding: 'id' }];
    'bots.update': [{ name: 'bot'; required: true; binding: 'id' }];
    'bots.destroy': [{ name: 'bot'; required: true; binding: 'id' }];
    'bots.publish': [{ name: 'bot'; required: true; binding: 'id' }];
    'bots.versions.restore': [
      { name: 'bot'; required: true; binding: 'id' },
      { name: 'version'; required: true; binding: 'id' },
    ];
    'bots.replay': [{ name: 'bot'; required: true; binding: 'id' }];
    'bots.chat': [{ name: 'bot'; required: true; binding: 'id' }];
    'bots.turns.feedback': [
      { name: 'bot'; required: true; binding: 'id' },
      { name: 'turn'; required: true; binding: 'id' },
    ];
    'team-providers.store': [{ name: 'team'; required: true; binding: 'id' }];
    'team-providers.update': [
      { name: 'team'; required: true; binding: 'id' },
      { name: 'provider'; required: true; binding: 'id' },
    ];
    'team-providers.destroy': [
      { name: 'team'; required: true; binding: 'id' },
      { name: 'provider'; required: true; binding: 'id' },
    ];
    'team-providers.test': [
      { name: 'team'; required: true; binding: 'id' },
      { name: 'provider'; required: true; binding: 'id' },
    ];
    'channels.index': [];
    'channels.create': [];
    'channels.store': [];
    'channels.show': [{ name: 'channel'; required: true; binding: 'id' }];
    'channels.edit': [{ name: 'channel'; required: true; binding: 'id' }];
    'channels.update': [{ name: 'channel'; required: true; binding: 'id' }];
    'channels.destroy': [{ name: 'channel'; required: true; binding: 'id' }];
    'channels.check': [{ name: 'channel'; required: true; binding: 'id' }];
    'channels.secret.rotate': [{ name: 'channel'; required: true; binding: 'id' }];
    'channels.templates.sync': [{ name: 'channel'; required: true; binding: 'id' }];
    'channels.events.replay': [
      { name: 'channel'; required: true; binding: 'id' },
      { name: 'event'; required: true; binding: 'id' },
    ];
    'conversations.index': [];
    'conversations.export': [];
    'conversations.bulk': [];
    'saved-replies.index': [];
    'saved-replies.store': [];
    'saved-replies.update': [{ name: 'savedReply'; required: true; binding: 'id' }];
    'saved-replies.destroy': [{ name: 'savedReply'; required: true; binding: 'id' }];
    'conversations.availability.update': [];
    'labels.index': [];
    'labels.store': [];
    'labels.update': [{ name: 'label'; required: true; binding: 'id' }];
    'labels.destroy': [{ name: 'label'; required: true; binding: 'id' }];
    'automations.index': [];
    'automations.store': [];
    'automations.update': [{ name: 'automation'; required: true; binding: 'id' }];
    'automations.move': [{ name: 'automation'; required: true; binding: 'id' }];
    'automations.destroy': [{ name: 'automation'; required: true; binding: 'id' }];
    'conversations.show': [{ name: 'conversation'; required: true; binding: 'id' }];
    'conversations.messages.index': [{ name: 'conversation'; required: true; binding: 'id' }];
    'conversations.messages.store': [{ name: 'conversation'; required: true; binding: 'id' }];
    'conversations.messages.resend': [
      { name: 'conversation'; required: true; binding: 'id' },
      { name: 'message'; required: true; binding: 'id' },
    ];
    'conversations.messages.attachment': [
      { name: 'conversation'; required: true; binding: 'id' },
      { name: 'message'; required: true; binding: 'id' },
      { name: 'index'; required: true },
    ];
    'conversations.typing': [{ name: 'conversation'; required: true; binding: 'id' }];
    'conversations.notes.store': [{ name: 'conversation'; required: true; binding: 'id' }];
    'conversations.transcript': [{ name: 'conversation'; required: true; binding: 'id' }];
    'conversations.suggestion': [{ name: 'conversation'; required: true; binding: 'id' }];
    'conversations.contact.update': [{ name: 'conversation'; required: true; binding: 'id' }];
    'conversations.labels.update': [{ name: 'conversation'; required: true; binding: 'id' }];
    'conversations.assign': [{ name: 'conversation'; required: true; binding: 'id' }];
    'conversations.priority.update': [{ name: 'conversation'; required: true; binding: 'id' }];
    'conversations.snooze': [{ name: 'conversation'; required: true; binding: 'id' }];
    'conversations.unsnooze': [{ name: 'conversation'; required: true; binding: 'id' }];
    'conversations.handback': [{ name: 'conversation'; required: true; binding: 'id' }];
    'conversations.unread': [{ name: 'conversation'; required: true; binding: 'id' }];
    'conversations.resolve': [{ name: 'conversation'; required: true; binding: 'id' }];
    'conversations.reopen': [{ name: 'conversation'; required: true; binding: 'id' }];
    'contacts.index': [];
    'contacts.export': [];
    'contacts.store': [];
    'contacts.import': [];
    'contacts.fields.index': [];
    'contacts.fields.store': [];
    'contacts.fields.update': [{ name: 'contactField'; required: true; binding: 'id' }];
    'contacts.fields.destroy': [{ name: 'contactField'; required: true; binding: 'id' }];
    'contacts.show': [{ name: 'contact'; required: true; binding: 'id' }];
    'contacts.update': [{ name: 'contact'; required: true; binding: 'id' }];
    'contacts.destroy': [{ name: 'contact'; required: true; binding: 'id' }];
    'contacts.merge': [{ name: 'contact'; required: true; binding: 'id' }];
    'contacts.notes.store': [{ name: 'contact'; required: true; binding: 'id' }];
    'contacts.notes.destroy': [
      { name: 'contact'; required: true; binding: 'id' },
      { name: 'note'; required: true; binding: 'id' },
    ];
    'contacts.conversations.store': [{ name: 'contact'; required: true; binding: 'id' }];
    'broadcasts.index': [];
    'broadcasts.create': [];
    'broadcasts.store': [];
    'broadcasts.audience': [];
    'broadcasts.show': [{ name: 'broadcast'; required: true; binding: 'id' }];
    'broadcasts.export': [{ name: 'broadcast'; required: true; binding: 'id' }];
    'broadcasts.cancel': [{ name: 'broadcast'; required: true; binding: 'id' }];
    'reports.index': [];
    'reports.export': [{ name: 'table'; required: true }];
    'reports.gaps': [];
    'reports.gaps.answer': [{ name: 'gap'; required: true; binding: 'id' }];
    'reports.gaps.dismiss': [{ name: 'gap'; required: true; binding: 'id' }];
    'billing.index': [];
    'billing.checkout': [];
    'billing.portal': [];
    'billing.plan.update': [];
    'billing.cancel': [];
    'billing.resume': [];
    'billing.details.update': [];
    'billing.invoices.show': [{ name: 'invoice'; required: true }];
    'billing.invoices.pay': [{ name: 'invoice'; required: true }];
    'integrations.webhooks.index': [];
    'integrations.webhooks.store': [];
    'integrations.webhooks.show': [{ name: 'webhook'; required: true; binding: 'id' }];
    'integrations.webhooks.update': [{ name: 'webhook'; required: true; binding: 'id' }];
    'integrations.webhooks.destroy': [{ name: 'webhook'; required: true; binding: 'id' }];
    'integrations.webhooks.test': [{ name: 'webhook'; required: true; binding: 'id' }];
    'integrations.webhooks.secret.rotate': [{ name: 'webhook'; required: true; binding: 'id' }];
    'integrations.webhooks.deliveries.resend': [
      { name: 'webhook'; required: true; binding: 'id' },
      { name: 'delivery'; required: true; binding: 'id' },
    ];
    'api-tokens.index': [];
    'api-tokens.store': [];
    'api-tokens.update': [{ name: 'token'; required: true; binding: 'id' }];
    'api-tokens.destroy': [{ name: 'token'; required: true; binding: 'id' }];
    'api.user': [];
    'api.team': [];
    'api.team.update': [];
    'api.knowledges.index': [];
    'api.knowledges.store': [];
    'api.knowledges.sources.store': [{ name: 'knowledge'; required: true }];
    'api.knowledges.sources.show': [{ name: 'knowledge'; required: true }, { name: 'source'; required: true }];
    'api.knowledges.search': [{ name: 'knowledge'; required: true }];
    'api.bots.index': [];
    'api.bots.show': [{ name: 'bot'; required: true }];
    'api.v1.models': [];
    'api.v1.chat.completions': [];
    'api.conversations.index': [];
    'api.conversations.messages.index': [{ name: 'conversation'; required: true }];
    'api.contacts.index': [];
    'api.contacts.store': [];
    'api.contacts.show': [{ name: 'contact'; required: true }];
    'api.contacts.update': [{ name: 'contact'; required: true }];
    'api.contact-fields.index': [];
    'api.webhooks.index': [];
    'api.webhooks.store': [];
    'api.webhooks.destroy': [{ name: 'webhook'; required: true }];
    'api.reports.summary': [];
    'api.openapi': [];
    'api-docs': [];
    'broadcasting.auth': [];
    'broadcasting.user-auth': [];
    'notifications.index': [];
    'notifications.read-all': [];
    'notifications.open': [{ name: 'notification'; required: true; binding: 'id' }];
    'notifications.read': [{ name: 'notification'; required: true; binding: 'id' }];
  }
  interface TypeConfig {
    strictRouteNames: true;
  }
}

export {};
