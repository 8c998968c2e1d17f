import { defineFeature } from '../../lib/feature-module';
import { surveysRoutes } from './surveys.routes';
import { surveyLinks, surveyRecurrences, surveys } from '../../db/schema/index';
import { own } from '../../lib/audit-patients';

/** The surveys feature's module descriptor (lib/feature-module.ts; docs/architecture.md "Feature modules"). */
export const surveysModule = defineFeature({
  name: 'surveys',
  routes: surveysRoutes,
  // The patient of each kind of record this feature owns (docs/audit.md "Calls keyed by a record").
  auditRecords: {
    survey: own(surveys),
    surveyLink: own(surveyLinks),
    surveyRecurrence: own(surveyRecurrences),
  },
});
