import type { Request } from 'express';
import type { PropBag } from './inertia/props';
import { presentAuthUser, type AuthUser } from '../presenters/user-presenter';
import { teamRepository } from '../db/repositories/team-repository';
import { pickCurrentTeam } from '../domain/api-tokens/memberships';
import { teamPolicy } from '../domain/teams/team-policy';
import { roleName } from '../domain/teams/roles';
import type { UserRow } from '../db/repositories/user-repository';
import { recentNotifications } from '../domain/notifications/recent-notifications';
import { presentNotificationsSummary, type NotificationsSummary } from '../presenters/notification-presenter';
import { presentTeamBilling } from '../presenters/billing-presenter';
import { realtimeClientConfig, type RealtimeClientConfig } from '../broadcasting/client-config';

/** Feature flags the pages read, in Jetstream's style. */
export interface Features {
  hasEmailVerification: boolean;
  hasAccountDeletionFeatures: boolean;
  hasTermsAndPrivacyPolicyFeature: boolean;
  managesProfilePhotos: boolean;
  canManageTwoFactorAuthentication: boolean;
  canUpdatePassword: boolean;
  canUpdateProfileInformation: boolean;
  hasApiFeatures: boolean;
  hasTeamFeatures: boolean;
}

export interface SharedProps {
  app: { name: string };
  auth: { user: AuthUser | null };
  features: Features;
  /** Where Echo connects; signed-in users only (guests get no realtime connection, and no key). */
  realtime?: RealtimeClientConfig;
  /** The bell: unread count and the newest notifications; signed-in users only. */
  notifications?: NotificationsSummary;
}

/**
 * Props every page receives. Keep them small and lazy: each is a function evaluated only when the
 * response carries it.
 */
export function sharedProps(req: Request): PropBag {
  const { config, routes } = req.services;
  const user = req.user;
  return {
    app: () => ({ name: config.app.name }),
    auth: () => (user ? authUser(req, user).then((presented) => ({ user: presented })) : { user: null }),
    features: () => featuresOf(routes),
    ...(user ? signedInProps(req, user) : {}),
  };
}

/**
 * The features follow from the route table, which is fixed once first read (no route can be
 * declared after): worked out once.
 */
const features = new WeakMap<Request['services']['routes'], Readonly<Features>>();
function featuresOf(routes: Request['services']['routes']): Readonly<Features> {
  let known = features.get(routes);
  if (!known) {
    known = Object.freeze({
      hasEmailVerification: routes.has('verification.notice'),
      hasAccountDeletionFeatures: routes.has('current-user.destroy'),
      hasTermsAndPrivacyPolicyFeature: true,
      managesProfilePhotos: routes.has('current-user-photo.destroy'),
      canManageTwoFactorAuthentication: routes.has('two-factor.enable'),
      canUpdatePassword: routes.has('user-password.update'),
      canUpdateProfileInformation: routes.has('user-profile-information.update'),
      hasApiFeatures: routes.has('api-tokens.index'),
      hasTeamFeatures: routes.has('teams.show'),
    });
    features.set(routes, known);
  }
  return known;
}

/** `auth.user`: the user, their teams, and their current team with what their role there allows. */
async function authUser(req: Request, user: UserRow): Promise<AuthUser> {
  const teams = await teamRepository(req.services.db).forUser(user.id);
  const current = pickCurrentTeam(teams, user.currentTeamId);
  return presentAuthUser(
    user,
    teams,
    current
      ? {
          teamId: current.team.id,
          roleName: roleName(current.role),
          can: teamPolicy.abilities({ team: current.team, userId: user.id, role: current.role }),
          billing: presentTeamBilling(req.services.config, current.team),
        }
      : null,
  );
}

/** What only a signed-in user's pages carry: the realtime endpoint and the notifications bell. */
function signedInProps(req: Request, user: UserRow): PropBag {
  return {
    realtime: (): RealtimeClientConfig => realtimeClientConfig(req.services.config),
    notifications: async (): Promise<NotificationsSummary> =>
      presentNotificationsSummary(await recentNotifications(req.services, user)),
  };
}
