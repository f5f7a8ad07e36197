import type { RouteRegistry } from '../server/http/router/registry';
import * as contacts from '../server/http/controllers/contacts/contact-controller';
import * as fields from '../server/http/controllers/contacts/contact-field-controller';

/**
 * The current team's contacts. Signed in and verified; whoever sees conversations sees them, whoever
 * answers corrects their details and writes notes about them; another team's contact is a 404.
 */
export default function contactRoutes(routes: RouteRegistry): void {
  routes.group({ middleware: ['auth', 'verified'] }, (user) => {
    user.get('/contacts', contacts.index).name('contacts.index');
    user.get('/contacts/export', contacts.exportCsv).name('contacts.export');
    user.post('/contacts', contacts.store).name('contacts.store');
    user.post('/contacts/import', contacts.importFile).name('contacts.import');
    // The team's own contact fields (owners, admins and editors).
    user.get('/contacts/fields', fields.index).name('contacts.fields.index');
    user.post('/contacts/fields', fields.store).name('contacts.fields.store');
    user
      .put('/contacts/fields/{contactField}', fields.update)
      .name('contacts.fields.update')
      .whereNumber('contactField')
      .bind('contactField');
    user
      .delete('/contacts/fields/{contactField}', fields.destroy)
      .name('contacts.fields.destroy')
      .whereNumber('contactField')
      .bind('contactField');
    user.get('/contacts/{contact}', contacts.show).name('contacts.show').whereNumber('contact').bind('contact');
    user.put('/contacts/{contact}', contacts.update).name('contacts.update').whereNumber('contact').bind('contact');
    user
      .delete('/contacts/{contact}', contacts.destroy)
      .name('contacts.destroy')
      .whereNumber('contact')
      .bind('contact');
    user
      .post('/contacts/{contact}/merge', contacts.merge)
      .name('contacts.merge')
      .whereNumber('contact')
      .bind('contact');
    user
      .post('/contacts/{contact}/notes', contacts.storeNote)
      .name('contacts.notes.store')
      .whereNumber('contact')
      .bind('contact');
    user
      .delete('/contacts/{contact}/notes/{note}', contacts.destroyNote)
      .name('contacts.notes.destroy')
      .whereNumber('contact', 'note')
      .bind('contact')
      .bind('note');
    user
      .post('/contacts/{contact}/conversations', contacts.startConversation)
      .name('contacts.conversations.store')
      .whereNumber('contact')
      .bind('contact');
  });
}
