// Generated from routes/*.ts by `npm run routes:types`; do not edit by hand.
import 'ziggy-js';

declare module 'ziggy-js' {
  interface RouteList {
    'welcome': [];
    'early-access.create': [];
    'early-access.store': [];
    'privacy': [];
    'privacy-policy': [];
    'terms': [];
    'terms-of-service': [];
    'login': [];
    'login.store': [];
    'register': [];
    'register.store': [];
    'logout': [];
    'dashboard': [];
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
    'other-browser-sessions.destroy': [];
    'current-user.destroy': [];
    'teams.create': [];
    'teams.store': [];
    'teams.show': [{ name: 'team'; required: true; binding: 'id' }];
    'teams.update': [{ name: 'team'; required: true; binding: 'id' }];
    'teams.destroy': [{ name: 'team'; required: true; binding: 'id' }];
    'current-team.update': [];
    'team-members.store': [{ name: 'team'; required: true; binding: 'id' }];
    'team-members.update': [{ name: 'team'; required: true; binding: 'id' }, { name: 'user'; required: true; binding: 'id' }];
    'team-members.destroy': [{ name: 'team'; required: true; binding: 'id' }, { name: 'user'; required: true; binding: 'id' }];
    'team-invitations.accept': [{ name: 'invitation'; required: true; binding: 'id' }];
    'team-invitations.destroy': [{ name: 'invitation'; required: true; binding: 'id' }];
    'knowledges.index': [];
    'knowledges.create': [];
    'knowledges.store': [];
    'knowledges.edit': [{ name: 'knowledge'; required: true; binding: 'id' }];
    'knowledges.update': [{ name: 'knowledge'; required: true; binding: 'id' }];
    'knowledges.destroy': [{ name: 'knowledge'; required: true; binding: 'id' }];
    'knowledges.sources.store': [{ name: 'knowledge'; required: true; binding: 'id' }];
    'knowledges.sources.update': [{ name: 'knowledge'; required: true; binding: 'id' }, { name: 'source'; required: true; binding: 'id' }];
    'knowledges.sources.refresh': [{ name: 'knowledge'; required: true; binding: 'id' }, { name: 'source'; required: true; binding: 'id' }];
    'knowledges.sources.destroy': [{ name: 'knowledge'; required: true; binding: 'id' }, { name: 'source'; required: true; binding: 'id' }];
    'knowledges.chunks.update': [{ name: 'knowledge'; required: true; binding: 'id' }, { name: 'chunk'; required: true; binding: 'id' }];
    'knowledges.search': [{ name: 'knowledge'; required: true; binding: 'id' }];
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
    'api.openapi': [];
    'api-docs': [];
    'broadcasting.auth': [];
    'broadcasting.user-auth': [];
    'notifications.index': [];
    'notifications.read-all': [];
    'notifications.read': [{ name: 'notification'; required: true; binding: 'id' }];
  }
  interface TypeConfig {
    strictRouteNames: true;
  }
}

export {};
