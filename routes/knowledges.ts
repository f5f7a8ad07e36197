import type { RouteRegistry } from '../server/http/router/registry';
import * as knowledges from '../server/http/controllers/knowledges/knowledge-controller';
import * as sources from '../server/http/controllers/knowledges/source-controller';

/**
 * Knowledge bases of the current team, their sources and chunks. Signed in and verified; a
 * knowledge base of another team is a 404 on every route that names one. Owners, admins and
 * editors manage; agents and viewers read and may try a question.
 */
export default function knowledgeRoutes(routes: RouteRegistry): void {
  routes.group({ middleware: ['auth', 'verified'] }, (user) => {
    user.get('/knowledges', knowledges.index).name('knowledges.index');
    user.get('/knowledges/create', knowledges.create).name('knowledges.create');
    user.post('/knowledges', knowledges.store).name('knowledges.store');
    user
      .get('/knowledges/{knowledge}/edit', knowledges.edit)
      .name('knowledges.edit')
      .whereNumber('knowledge')
      .bind('knowledge');
    user
      .put('/knowledges/{knowledge}', knowledges.update)
      .name('knowledges.update')
      .whereNumber('knowledge')
      .bind('knowledge');
    user
      .delete('/knowledges/{knowledge}', knowledges.destroy)
      .name('knowledges.destroy')
      .whereNumber('knowledge')
      .bind('knowledge');

    user
      .post('/knowledges/{knowledge}/sources', sources.store)
      .name('knowledges.sources.store')
      .whereNumber('knowledge')
      .bind('knowledge');
    user
      .put('/knowledges/{knowledge}/sources/{source}', sources.update)
      .name('knowledges.sources.update')
      .whereNumber('knowledge', 'source')
      .bind('knowledge')
      .bind('source');
    user
      .post('/knowledges/{knowledge}/sources/{source}/refresh', sources.refresh)
      .name('knowledges.sources.refresh')
      .whereNumber('knowledge', 'source')
      .bind('knowledge')
      .bind('source');
    user
      .delete('/knowledges/{knowledge}/sources/{source}', sources.destroy)
      .name('knowledges.sources.destroy')
      .whereNumber('knowledge', 'source')
      .bind('knowledge')
      .bind('source');
    user
      .put('/knowledges/{knowledge}/chunks/{chunk}', sources.updateChunkContent)
      .name('knowledges.chunks.update')
      .whereNumber('knowledge', 'chunk')
      .bind('knowledge')
      .bind('chunk');
    user
      .get('/knowledges/{knowledge}/search', sources.search)
      .name('knowledges.search')
      .whereNumber('knowledge')
      .bind('knowledge');
  });
}
