// The schema drizzle-kit reads and the database client is typed with.
export * from './sessions';
export * from './early-access';
export * from './users';
export * from './teams';
export * from './team-invitations';
export * from './api-tokens';
export * from './notifications';
export * from './knowledge';
export * from './bots';
export * from './channels';
export * from './reports';
export * from './gaps';
export * from './billing';
export * from './saved-replies';
export * from './labels';
export * from './contact-notes';
export * from './broadcasts';
