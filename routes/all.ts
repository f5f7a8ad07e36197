import { RouteRegistry } from '../server/http/router/registry';
import web from './web';
import auth from './auth';
import passwords from './passwords';
import twoFactor from './two-factor';
import mailbox from './mailbox';
import profile from './profile';
import teams from './teams';
import knowledges from './knowledges';
import bots from './bots';
import providers from './providers';
import apiTokens from './api-tokens';
import api from './api';
import broadcasting from './broadcasting';
import notifications from './notifications';
import webhooks from './webhooks';
import channels from './channels';
import conversations from './conversations';
import contacts from './contacts';
import broadcasts from './broadcasts';
import widget from './widget';
import reports from './reports';
import billing from './billing';
import integrations from './integrations';

export type RouteFile = (routes: RouteRegistry) => void;

/** Every route file, in the order their routes are matched. */
export const routeFiles: RouteFile[] = [
  web,
  auth,
  passwords,
  twoFactor,
  mailbox,
  profile,
  teams,
  knowledges,
  bots,
  providers,
  channels,
  conversations,
  contacts,
  broadcasts,
  reports,
  billing,
  integrations,
  widget,
  apiTokens,
  api,
  broadcasting,
  notifications,
  webhooks,
];

export function buildRoutes(extra: RouteFile[] = []): RouteRegistry {
  const registry = new RouteRegistry();
  for (const file of [...routeFiles, ...extra]) file(registry);
  registry.all();
  return registry;
}
