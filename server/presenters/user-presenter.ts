import { createHash } from 'node:crypto';
import type { UserRow } from '../db/repositories/user-repository';
import type { TeamRow } from '../db/repositories/team-repository';
import type { TeamAbilities } from '../domain/teams/team-policy';

export interface TeamSummary {
  id: number;
  name: string;
  personal_team: boolean;
  role: string;
}

/** The team the user works in now, with what their role there lets them do (the policy's booleans). */
export interface CurrentTeam extends TeamSummary {
  /** The role as people read it ("Administrator", "Agent"). */
  role_name: string;
  can: TeamAbilities;
  /** The plan in force, and the end of the grace period while a payment is past due (the banner). */
  billing: CurrentTeamBilling;
}

export interface CurrentTeamBilling {
  plan: string;
  plan_name: string;
  past_due_until: string | null;
}

/** `auth.user` on every page: picked fields only, never a hash, token or secret. */
export interface AuthUser {
  id: number;
  name: string;
  email: string;
  email_verified_at: string | null;
  profile_photo_url: string;
  /** Whether profile_photo_url is an uploaded photo (removable) rather than the initials avatar. */
  has_profile_photo: boolean;
  two_factor_enabled: boolean;
  current_team: CurrentTeam | null;
  all_teams: TeamSummary[];
}

export function presentTeam(team: TeamRow & { role: string }): TeamSummary {
  return { id: team.id, name: team.name, personal_team: team.personalTeam, role: team.role };
}

/**
 * `current` is the current team as the caller resolved it (the domain's pickCurrentTeam), with the
 * role's name and the policy's answers; null when the user belongs to no team.
 */
export function presentAuthUser(
  user: UserRow,
  teams: (TeamRow & { role: string })[],
  current: { teamId: number; roleName: string; can: TeamAbilities; billing: CurrentTeamBilling } | null,
): AuthUser {
  const all = teams.map(presentTeam);
  const currentTeam = current && all.find((team) => team.id === current.teamId);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
    profile_photo_url: profilePhotoUrl(user),
    has_profile_photo: user.profilePhotoPath !== null,
    two_factor_enabled: user.twoFactorSecret !== null,
    current_team: currentTeam
      ? { ...currentTeam, role_name: current.roleName, can: current.can, billing: current.billing }
      : null,
    all_teams: all,
  };
}

/** Initials avatars made lately, by name and e-mail (every page shows several); bounded. */
const avatars = new Map<string, string>();

/**
 * The uploaded photo, or a generated avatar with the user's initials (an inline SVG, so nothing
 * is fetched from a third party).
 */
export function profilePhotoUrl(user: Pick<UserRow, 'name' | 'email' | 'profilePhotoPath'>): string {
  if (user.profilePhotoPath) return `/storage/${user.profilePhotoPath}`;
  const key = `${user.email}\n${user.name}`;
  let url = avatars.get(key);
  if (url === undefined) {
    url = initialsAvatar(user);
    if (avatars.size >= 10_000) avatars.clear();
    avatars.set(key, url);
  }
  return url;
}

/** An SVG of the name's initials on a colour derived from the e-mail, as a data: URL. */
function initialsAvatar(user: Pick<UserRow, 'name' | 'email'>): string {
  const initials = user.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
  const hue = parseInt(createHash('md5').update(user.email).digest('hex').slice(0, 2), 16) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" fill="hsl(${hue},70%,93%)"/><text x="32" y="41" font-family="ui-sans-serif,system-ui,sans-serif" font-size="26" font-weight="600" text-anchor="middle" fill="hsl(${hue},45%,40%)">${escapeXml(initials || '?')}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

const escapeXml = (value: string) => value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
