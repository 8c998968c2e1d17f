import type { FastifyInstance } from 'fastify';
import { permissions } from '@vigil/contract';

/**
 * Default deny for the API: a route that names neither a known permission nor `public: true` stops the server
 * at start-up. The permission itself is checked by the route chain for every contract route (lib/route/permission.ts).
 */
export function registerAccessGate(app: FastifyInstance): void {
  const known = new Set<string>([...permissions, 'public']);
  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as { permission?: string; public?: boolean };
    if (config.public === true) { return; }
    // Outside the API: the web app's static files and the API docs page, public by nature.
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) { return; }
    if (route.method === 'HEAD' || (Array.isArray(route.method) && route.method.every((m) => m === 'HEAD'))) { return; }
    if (!config.permission || !known.has(config.permission)) {
      throw new Error(`route ${String(route.method)} ${route.url} has no permission: every route needs one (or public: true)`);
    }
  });
}
