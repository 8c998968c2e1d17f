/**
 * The queue `survey-occurrences` (docs/jobs.md): once a minute, the surveys that have come due are
 * created from their recurrences and patients newly assigned to a client monitoring plan get its
 * survey recurrences (features/surveys `createDueSurveys`). Idempotent: surveys are unique per
 * recurrence and due instant, and recurrences per plan assignment and patient, so a retried or
 * overlapping run creates nothing twice.
 */
import type { AppContext } from '../context';
import { createDueSurveys } from '../features/surveys/index';
import type { JobDefinition, JobName } from './queue';

export function surveyOccurrencesJobDefinition(ctx: AppContext): JobDefinition<JobName> {
  return {
    name: 'survey-occurrences',
    retryLimit: 0, // the next minute covers whatever this one missed
    retryDelaySeconds: 1,
    expireInSeconds: 15 * 60,
    handler: async () => {
      const result = await createDueSurveys(ctx);
      if (result.surveys + result.recurrences > 0) { ctx.log.info(result, 'surveys: due surveys created'); }
      return result;
    },
  };
}
