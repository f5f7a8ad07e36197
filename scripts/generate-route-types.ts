import { writeFileSync } from 'node:fs';
import { buildRoutes } from '../routes/all';
import { routeTypes } from '../server/http/router/route-types';

const target = 'resources/js/types/routes.d.ts';
writeFileSync(target, routeTypes(buildRoutes()));
console.log(`wrote ${target}`);
