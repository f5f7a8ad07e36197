import { z } from 'zod';
import { fields } from '../shared/validation';
import { isAssignableRole, type AssignableRole } from './roles';
import { isTimeZone } from '../../reports/zones';

/** The error bags the team forms read (Jetstream's names). Changing a role uses the default bag. */
export const bags = {
  createTeam: 'createTeam',
  updateTeamName: 'updateTeamName',
  updateTeamTimezone: 'updateTeamTimezone',
  updateTeamAssignment: 'updateTeamAssignment',
  updateTeamReplyTargets: 'updateTeamReplyTargets',
  addTeamMember: 'addTeamMember',
  removeTeamMember: 'removeTeamMember',
  deleteTeam: 'deleteTeam',
} as const;

/** Jetstream's messages, word for word. */
export const messages = {
  alreadyInvited: 'This user has already been invited to the team.',
  alreadyMember: 'This user already belongs to the team.',
  roleRequired: 'The role field is required.',
  invalidRole: 'The role must be a valid role.',
  cannotLeaveOwnTeam: 'You may not leave a team that you created.',
  cannotDeletePersonalTeam: 'You may not delete your personal team.',
  invitationNotFound:
    'This invitation does not exist, or it was sent to another e-mail address. Sign in with the address it was sent to.',
  /** Kawan's own: the invitation mail could not be sent, so no invitation was kept. */
  invitationNotSent: 'The invitation e-mail could not be sent. Please try again in a few minutes.',
};

export const teamNameSchema = z.object({ name: fields.requiredString('name') });

/** The time zone of the team's reports: an IANA name the runtime knows (`Asia/Jakarta`). */
export const teamTimezoneSchema = z.object({
  timezone: z
    .string({ error: 'The time zone field is required.' })
    .trim()
    .min(1, 'The time zone field is required.')
    .max(64, 'The time zone must be a known time zone, such as Asia/Jakarta.')
    .refine(isTimeZone, 'The time zone must be a known time zone, such as Asia/Jakarta.'),
});

/** The most conversations in hand automatic assignment gives one member. */
export const autoAssignLimitMax = 100;

/**
 * Whether conversations handed to a person are assigned automatically (teams.auto_assign), and how
 * many in hand a member may be given at most (empty: no limit).
 */
export const teamAssignmentSchema = z.object({
  auto_assign: z.boolean({ error: 'The auto assign field must be true or false.' }),
  auto_assign_limit: z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z.coerce
      .number({ error: `The limit must be a whole number between 1 and ${autoAssignLimitMax}.` })
      .int(`The limit must be a whole number between 1 and ${autoAssignLimitMax}.`)
      .min(1, `The limit must be a whole number between 1 and ${autoAssignLimitMax}.`)
      .max(autoAssignLimitMax, `The limit must be a whole number between 1 and ${autoAssignLimitMax}.`)
      .nullable(),
  ),
});

/** The longest reply target, in minutes: a day. */
export const replyTargetMax = 1440;

/** A reply target in minutes, 1 to a day (a number or its digits; not `true`); empty for none. */
const replyTarget = (what: string) => {
  const message = `The ${what} target must be a whole number of minutes between 1 and ${replyTargetMax}.`;
  return z.preprocess(
    (value) =>
      value === '' || value === undefined || value === null
        ? null
        : typeof value === 'number'
          ? value
          : typeof value === 'string' && value.trim() !== ''
            ? Number(value)
            : Number.NaN,
    z.number({ error: message }).int(message).min(1, message).max(replyTargetMax, message).nullable(),
  );
};

export const teamReplyTargetsSchema = z.object({
  first_reply_minutes: replyTarget('first reply'),
  next_reply_minutes: replyTarget('next reply'),
});

export const roleField = z
  .string({ error: messages.roleRequired })
  .trim()
  .min(1, messages.roleRequired)
  .refine((value): value is AssignableRole => isAssignableRole(value), messages.invalidRole)
  .transform((value) => value as AssignableRole);

export const addTeamMemberSchema = z.object({ email: fields.email(), role: roleField });

export const updateRoleSchema = z.object({ role: roleField });
