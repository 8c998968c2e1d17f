/**
 * The queue `license-expiry` (docs/licenses.md, docs/jobs.md): once a minute, licences whose
 * expiration date has passed in their office's time zone become expired and their assignments
 * end (features/licenses `expireDueLicenses`). Idempotent: an expired licence is not read again,
 * so a retried or overlapping run changes nothing twice.
 */
import type { AppContext } from '../context';
import { expireDueLicenses } from '../features/licenses/index';
import type { JobDefinition, JobName } from './queue';

export function licenseExpiryJobDefinition(ctx: AppContext): JobDefinition<JobName> {
  return {
    name: 'license-expiry',
    retryLimit: 0, // the next minute covers whatever this one missed
    retryDelaySeconds: 1,
    expireInSeconds: 15 * 60,
    handler: async () => {
      const result = await expireDueLicenses(ctx);
      if (result.expired > 0) { ctx.log.info(result, 'licences: expired'); }
      return result;
    },
  };
}
