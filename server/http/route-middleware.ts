import type { MiddlewareFactory } from './router/dispatch';
import { throttle } from './middleware/throttle';
import { auth, guest, signed, verified } from './auth/middleware';
import { requirePassword } from './auth/require-password';
import { tokenMiddleware } from './auth/token-guard';
import { widgetChannel } from './controllers/widget/widget-controller';

/** Route middleware by name, as routes/*.ts refer to it (`auth`, `throttle:login`…). */
export const routeMiddleware: Record<string, MiddlewareFactory> = {
  auth,
  guest,
  verified,
  signed,
  'password.confirm': requirePassword,
  ...tokenMiddleware,
  'widget.channel': () => widgetChannel as never,
  throttle: (name) => {
    if (!name) throw new Error('throttle needs a limiter name: throttle:<name>');
    return throttle(name);
  },
};
