import type { RouteRegistry } from '../server/http/router/registry';
import * as teams from '../server/http/controllers/teams/team-controller';
import * as currentTeam from '../server/http/controllers/teams/current-team-controller';
import * as teamMembers from '../server/http/controllers/teams/team-member-controller';
import * as teamInvitations from '../server/http/controllers/teams/team-invitation-controller';

/**
 * Teams, members and invitations (Jetstream's names). Signed in and verified. A team the user
 * does not belong to is a 404 on every route that names one; see docs/decisions/005-team-roles.md.
 */
export default function teamRoutes(routes: RouteRegistry): void {
  routes.group({ middleware: ['auth', 'verified'] }, (user) => {
    user.get('/teams/create', teams.create).name('teams.create');
    user.post('/teams', teams.store).name('teams.store');
    user.get('/teams/{team}', teams.show).name('teams.show').whereNumber('team').bind('team');
    user.put('/teams/{team}', teams.update).name('teams.update').whereNumber('team').bind('team');
    user
      .put('/teams/{team}/timezone', teams.updateTimezone)
      .name('teams.timezone.update')
      .whereNumber('team')
      .bind('team');
    user
      .put('/teams/{team}/assignment', teams.updateAssignment)
      .name('teams.assignment.update')
      .whereNumber('team')
      .bind('team');
    user
      .put('/teams/{team}/reply-targets', teams.updateReplyTargets)
      .name('teams.reply-targets.update')
      .whereNumber('team')
      .bind('team');
    user
      .delete('/teams/{team}', teams.destroy)
      .name('teams.destroy')
      .whereNumber('team')
      .bind('team')
      .middleware('password.confirm');

    user.put('/current-team', currentTeam.update).name('current-team.update');

    user.post('/teams/{team}/members', teamMembers.store).name('team-members.store').whereNumber('team').bind('team');
    user
      .put('/teams/{team}/members/{user}', teamMembers.update)
      .name('team-members.update')
      .whereNumber('team', 'user')
      .bind('team')
      .bind('user');
    user
      .delete('/teams/{team}/members/{user}', teamMembers.destroy)
      .name('team-members.destroy')
      .whereNumber('team', 'user')
      .bind('team')
      .bind('user');

    user
      .get('/team-invitations/{invitation}', teamInvitations.accept)
      .name('team-invitations.accept')
      .whereNumber('invitation')
      .bind('invitation')
      .middleware('signed');
    user
      .delete('/team-invitations/{invitation}', teamInvitations.destroy)
      .name('team-invitations.destroy')
      .whereNumber('invitation')
      .bind('invitation');
  });
}
