import type { RouteRegistry } from './registry';

/**
 * The TypeScript declaration of the client's route names and parameters, in the shape of
 * `ziggy:generate --types`: ziggy-js's RouteList is filled in, and unknown names fail to compile.
 */
export function routeTypes(registry: RouteRegistry): string {
  const entries = registry
    .all()
    .filter((route) => route.exposed)
    .map((route) => {
      const parameters = route.parameters.map((parameter) => {
        const binding = route.bindings[parameter.name];
        return `{ name: '${parameter.name}'; required: ${!parameter.optional}${binding ? `; binding: '${binding}'` : ''} }`;
      });
      return `    '${route.name}': [${parameters.join(', ')}];`;
    });
  return `// Generated from routes/*.ts by \`npm run routes:types\`; do not edit by hand.
import 'ziggy-js';

declare module 'ziggy-js' {
  interface RouteList {
${entries.join('\n')}
  }
  interface TypeConfig {
    strictRouteNames: true;
  }
}

export {};
`;
}
