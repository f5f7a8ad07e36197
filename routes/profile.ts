import type { RouteRegistry } from '../server/http/router/registry';
import * as profile from '../server/http/controllers/profile/profile-controller';
import * as profileInformation from '../server/http/controllers/profile/profile-information-controller';
import * as profilePhoto from '../server/http/controllers/profile/profile-photo-controller';
import * as password from '../server/http/controllers/profile/password-controller';
import * as otherBrowserSessions from '../server/http/controllers/profile/other-browser-sessions-controller';
import * as notificationPreferences from '../server/http/controllers/profile/notification-preferences-controller';
import * as currentUser from '../server/http/controllers/profile/current-user-controller';

/**
 * The account settings page and its forms (Jetstream's and Fortify's names). Signed in, but not
 * behind `verified`: a user who just changed their address must still reach the profile.
 */
export default function profileRoutes(routes: RouteRegistry): void {
  routes.group({ middleware: ['auth'] }, (user) => {
    user.get('/user/profile', profile.show).name('profile.show');
    user.put('/user/profile-information', profileInformation.update).name('user-profile-information.update');
    user.delete('/user/profile-photo', profilePhoto.destroy).name('current-user-photo.destroy');
    user.put('/user/password', password.update).name('user-password.update');
    user
      .put('/user/notification-preferences', notificationPreferences.update)
      .name('user-notification-preferences.update');
    user.delete('/user/other-browser-sessions', otherBrowserSessions.destroy).name('other-browser-sessions.destroy');
    user.delete('/user', currentUser.destroy).name('current-user.destroy');
  });
}
