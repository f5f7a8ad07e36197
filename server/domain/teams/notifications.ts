import type { Services } from '../../services';

/**
 * Jetstream's "Team Invitation" mail. The accept link is signed and lives as long as the
 * invitation does (accepting or cancelling deletes it). An address without an account is told to
 * register first; the mail layout has a single button, so the registration address is written out.
 */
export async function sendTeamInvitation(
  services: Pick<Services, 'mailer' | 'signedRoute' | 'route' | 'routes' | 'config'>,
  invitation: { id: number; email: string },
  team: { name: string },
  hasAccount: boolean,
): Promise<void> {
  const url = services.signedRoute('team-invitations.accept', { invitation: invitation.id });
  const lines = [`You have been invited to join the ${team.name} team!`];
  if (!hasAccount && services.routes.has('register')) {
    const register = new URL(services.route('register'), `${services.config.app.url}/`).toString();
    lines.push(
      `If you do not have an account, you may create one with this e-mail address at ${register}`,
      'After creating an account and verifying your e-mail address, you may accept this invitation by clicking the button below:',
    );
  } else {
    lines.push('You may accept this invitation by clicking the button below:');
  }
  await services.mailer.send(invitation.email, {
    subject: 'Team Invitation',
    lines,
    action: { text: 'Accept Invitation', url },
    outro: ['If you did not expect to receive an invitation to this team, you may discard this email.'],
  });
}
