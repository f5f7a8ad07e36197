import { useState } from 'react';
import { router, useForm, usePage } from '@inertiajs/react';
import type { TeamMember, TeamShowProps } from '../../../../../server/presenters/team-presenter';
import type { PlanLimitProps } from '../../../../../server/presenters/plan-usage-presenter';
import ActionSection from '@/Components/ActionSection';
import ConfirmationModal from '@/Components/ConfirmationModal';
import DangerButton from '@/Components/DangerButton';
import DialogModal from '@/Components/DialogModal';
import InputError from '@/Components/InputError';
import PrimaryButton from '@/Components/PrimaryButton';
import SecondaryButton from '@/Components/SecondaryButton';
import SectionBorder from '@/Components/SectionBorder';
import { route } from '@/lib/route';
import AddTeamMemberForm from './AddTeamMemberForm';
import RolePicker from './RolePicker';

const linkButton = 'ms-6 cursor-pointer text-sm focus:underline focus:outline-hidden';

type Props = TeamShowProps & {
  /** Where the team stands against its plan's members, for those who invite; null for the others. */
  limit: PlanLimitProps | null;
};

/**
 * Jetstream's TeamMemberManager: invite (for those who may, with the plan's members meter, and a
 * notice in the form's place once the team is full), the pending invitations with Cancel, and the
 * members with their roles, Manage Role, Remove and Leave. What each row offers comes from the
 * server (`can_update_role`, `can_remove`), never from role names here.
 */
export default function TeamMemberManager({ team, availableRoles, permissions, limit }: Props) {
  const errors = usePage().props.errors as Record<string, unknown>;
  const removeError = (errors.removeTeamMember as Record<string, string> | undefined)?.team;
  const [managingRoleFor, setManagingRoleFor] = useState<TeamMember | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const roleForm = useForm({ role: '' });
  const leaveForm = useForm({});
  const removeForm = useForm({});
  const me = team.users.find((user) => user.is_current_user);

  const manageRole = (member: TeamMember) => {
    roleForm.setData('role', member.membership.role);
    roleForm.clearErrors();
    setManagingRoleFor(member);
  };

  const updateRole = () => {
    if (!managingRoleFor) return;
    roleForm.put(route('team-members.update', [team.id, managingRoleFor.id]), {
      errorBag: 'updateRole',
      preserveScroll: true,
      onSuccess: () => setManagingRoleFor(null),
    });
  };

  const leaveTeam = () => {
    if (!me) return;
    leaveForm.delete(route('team-members.destroy', [team.id, me.id]), { errorBag: 'removeTeamMember' });
  };

  const removeMember = () => {
    if (!removing) return;
    removeForm.delete(route('team-members.destroy', [team.id, removing.id]), {
      errorBag: 'removeTeamMember',
      preserveScroll: true,
      preserveState: true,
      onSuccess: () => setRemoving(null),
    });
  };

  const cancelInvitation = (id: number) => {
    router.delete(route('team-invitations.destroy', id), { preserveScroll: true });
  };

  return (
    <div>
      {permissions.canAddTeamMembers && (
        <>
          <SectionBorder />
          <AddTeamMemberForm team={team} availableRoles={availableRoles} limit={limit} />
        </>
      )}

      {permissions.canAddTeamMembers && team.team_invitations.length > 0 && (
        <>
          <SectionBorder />
          <div className="mt-10 sm:mt-0">
            <ActionSection
              title="Pending Team Invitations"
              description="These people have been invited to your team and have been sent an invitation email. They may join the team by accepting the email invitation."
            >
              <ul className="space-y-6" aria-label="Pending team invitations">
                {team.team_invitations.map((invitation) => (
                  <li key={invitation.id} className="flex items-center justify-between">
                    <div className="min-w-0 text-gray-600">
                      <span className="break-all">{invitation.email}</span>
                      <span className="ms-2 text-xs text-gray-400">{invitation.role_name}</span>
                    </div>
                    {invitation.can_cancel && (
                      <button
                        type="button"
                        className={`${linkButton} text-red-500`}
                        onClick={() => cancelInvitation(invitation.id)}
                        aria-label={`Cancel the invitation of ${invitation.email}`}
                      >
                        Cancel
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            </ActionSection>
          </div>
        </>
      )}

      {team.users.length > 0 && (
        <>
          <SectionBorder />
          <div className="mt-10 sm:mt-0">
            <ActionSection title="Team Members" description="All of the people that are part of this team.">
              <ul className="space-y-6" aria-label="Team members">
                {team.users.map((member) => (
                  <li key={member.id} className="flex items-center justify-between" aria-label={member.name}>
                    <div className="flex min-w-0 items-center">
                      <img
                        className="size-8 shrink-0 rounded-full object-cover"
                        src={member.profile_photo_url}
                        alt=""
                      />
                      <div className="ms-4 min-w-0">
                        <div className="truncate">{member.name}</div>
                        <div className="truncate text-xs text-gray-500">{member.email}</div>
                      </div>
                    </div>

                    <div className="flex shrink-0 items-center">
                      {member.can_update_role && availableRoles.length > 0 ? (
                        <button
                          type="button"
                          className="ms-2 cursor-pointer text-sm text-gray-400 underline hover:text-gray-600 focus:outline-hidden"
                          onClick={() => manageRole(member)}
                          aria-label={`Manage the role of ${member.name}: ${member.membership.role_name}`}
                        >
                          {member.membership.role_name}
                        </button>
                      ) : (
                        <div className="ms-2 text-sm text-gray-400">{member.membership.role_name}</div>
                      )}

                      {member.is_current_user ? (
                        <button type="button" className={`${linkButton} text-red-500`} onClick={() => setLeaving(true)}>
                          Leave
                        </button>
                      ) : (
                        member.can_remove && (
                          <button
                            type="button"
                            className={`${linkButton} text-red-500`}
                            onClick={() => setRemoving(member)}
                            aria-label={`Remove ${member.name}`}
                          >
                            Remove
                          </button>
                        )
                      )}
                    </div>
                  </li>
                ))}
              </ul>
              <InputError className="mt-4" message={removeError} />
            </ActionSection>
          </div>
        </>
      )}

      <DialogModal
        show={managingRoleFor !== null}
        onClose={() => setManagingRoleFor(null)}
        title="Manage Role"
        footer={
          <>
            <SecondaryButton onClick={() => setManagingRoleFor(null)}>Cancel</SecondaryButton>
            <PrimaryButton
              type="button"
              className={roleForm.processing ? 'opacity-25' : undefined}
              disabled={roleForm.processing}
              onClick={updateRole}
            >
              Save
            </PrimaryButton>
          </>
        }
      >
        {managingRoleFor && <p className="mb-4">Choose the role of {managingRoleFor.name} in this team.</p>}
        <RolePicker
          roles={availableRoles}
          value={roleForm.data.role}
          onChange={(role) => roleForm.setData('role', role)}
          describedBy="manage-role-error"
          invalid={Boolean(roleForm.errors.role)}
        />
        <InputError id="manage-role-error" className="mt-2" message={roleForm.errors.role} />
      </DialogModal>

      <ConfirmationModal
        show={leaving}
        onClose={() => setLeaving(false)}
        title="Leave Team"
        footer={
          <>
            <SecondaryButton onClick={() => setLeaving(false)}>Cancel</SecondaryButton>
            <DangerButton
              className={leaveForm.processing ? 'opacity-25' : undefined}
              disabled={leaveForm.processing}
              onClick={leaveTeam}
            >
              Leave
            </DangerButton>
          </>
        }
      >
        Are you sure you would like to leave this team?
      </ConfirmationModal>

      <ConfirmationModal
        show={removing !== null}
        onClose={() => setRemoving(null)}
        title="Remove Team Member"
        footer={
          <>
            <SecondaryButton onClick={() => setRemoving(null)}>Cancel</SecondaryButton>
            <DangerButton
              className={removeForm.processing ? 'opacity-25' : undefined}
              disabled={removeForm.processing}
              onClick={removeMember}
            >
              Remove
            </DangerButton>
          </>
        }
      >
        Are you sure you would like to remove {removing?.name ?? 'this person'} from the team?
      </ConfirmationModal>
    </div>
  );
}
