import type { AppContext } from '../../context';
import type { JobDefinition, JobName } from '../../jobs/queue';
import { defineFeature } from '../../lib/feature-module';
import { ssoRoutes } from './sso.routes';
import { refreshDueSessions } from './sso.service';

/**
 * The queue `sso-refresh` (docs/security.md "Single sign-on"): once a minute, SSO sessions whose
 * refresh is due use their refresh token; a provider that refuses it ends the Vigil session.
 * Idempotent: a refreshed session is not due again for VIGIL_SSO_REFRESH_MINUTES.
 */
function ssoRefreshJobDefinition(ctx: AppContext): JobDefinition<JobName> {
  return {
    name: 'sso-refresh',
    retryLimit: 0, // the next minute covers whatever this one missed
    retryDelaySeconds: 1,
    expireInSeconds: 10 * 60,
    handler: async () => {
      const result = await refreshDueSessions(ctx);
      if (result.ended > 0) { ctx.log.info(result, 'sso: sessions ended by the provider'); }
      return result;
    },
  };
}

/** The sso feature's module descriptor (lib/feature-module.ts; docs/architecture.md "Feature modules"). */
export const ssoModule = defineFeature({
  name: 'sso',
  routes: ssoRoutes,
  jobs: (ctx) => [ssoRefreshJobDefinition(ctx)],
});
