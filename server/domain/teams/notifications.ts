import type { Services } from '../../services';
import type { MailContent } from '../../support/mail/render';

/**
 * Jetstream's "Team Invitation" mail. The accept link is signed and lives as long as the
 * invitation does (accepting or cancelling deletes it). An address without an account is offered
 * a "Create Account" button first; the invitation still works once that account exists.
 */
export async function sendTeamInvitation(
  services: Pick<Services, 'mailer' | 'signedRoute' | 'route' | 'routes'>,
  invitation: { id: number; email: string },
  team: { name: string },
  hasAccount: boolean,
): Promise<void> {
  const accept = services.signedRoute('team-invitations.accept', { invitation: invitation.id });
  const lines: MailContent['lines'] = [`You have been invited to join the ${team.name} team!`];
  if (!hasAccount && services.routes.has('register')) {
    lines.push(
      'If you do not have an account, you may create one by clicking the button below. After creating an account, you may click the invitation acceptance button in this email to accept the team invitation:',
      { text: 'Create Account', url: services.route('register') },
      'If you already have an account, you may accept this invitation by clicking the button below:',
    );
  } else {
    lines.push('You may accept this invitation by clicking the button below:');
  }
  await services.mailer.send(invitation.email, {
    subject: 'Team Invitation',
    lines,
    action: { text: 'Accept Invitation', url: accept },
    outro: ['If you did not expect to receive an invitation to this team, you may discard this email.'],
  });
}
