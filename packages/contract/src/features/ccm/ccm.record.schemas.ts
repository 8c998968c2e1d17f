import { z } from 'zod';
import { pageOf } from '../../common/envelope';
import { idSchema, intTextSchema } from '../../common/ids';
import { sortQuery } from '../../common/sorting';
import { optionalText } from '../../common/validation';
import { ccmGroups, type CcmGroupSlug } from './ccm.groups';
import { ccmOptionListNames, optionCodes } from './ccm.options';
import { ccmRecordSchema } from './ccm.schemas';

/**
 * The CCM record's own calls (portal-spec.md section 7 "ccmrecord": by patient, minimal by
 * patient, by office, by id, update, delete, report data for a month, option lists and the three
 * set-calls).
 */

export const ccmRecordIdParamsSchema = z.object({ id: idSchema });
export const ccmHospitalHeadersSchema = z.object({ hospitalid: idSchema });

/** A record in short: for pickers (`getminimalbypatientid`). */
export const ccmRecordMinimalSchema = z.object({ id: z.number().int(), hospitalId: z.number().int(), recordDate: z.string(), status: z.number().int() });

/** A record of an office's list, with its patient's name (`getbyhospitalid`). */
export const ccmRecordOfOfficeSchema = ccmRecordSchema.extend({ patientFirstName: z.string(), patientLastName: z.string() });

/** Every subsection of a record, by group slug (`GET ccmrecord/{id}`). */
export const ccmRecordSectionsSchema = z.object(
  Object.fromEntries(Object.entries(ccmGroups).map(([slug, g]) => [slug, z.array(g.itemSchema)])) as { [K in CcmGroupSlug]: z.ZodArray<(typeof ccmGroups)[K]['itemSchema']> },
);
export const ccmRecordFullSchema = ccmRecordSchema.extend({ sections: ccmRecordSectionsSchema });

export const updateCcmRecordBodySchema = z.object({
  recordDate: z.iso.date(),
  status: z.union([z.literal(0), z.literal(1)]),
});
export type UpdateCcmRecordBody = z.infer<typeof updateCcmRecordBodySchema>;

export const setSocialDeterminantsBodySchema = z.object({
  /** ICD-10-CM codes of chapter Z55-Z65 (list socialDeterminants). */
  codes: z.array(z.enum(optionCodes('socialDeterminants'))).max(20),
});
export const setComplexDecisionMakingBodySchema = z.object({ level: z.enum(optionCodes('complexDecisionMaking')).nullable() });
export const setFunctionalStatusBodySchema = z.object({ status: z.enum(optionCodes('functionalStatus')).nullable(), notes: optionalText(1000) });

export const ccmOptionListParamsSchema = z.object({ listName: z.enum(ccmOptionListNames) });
export const ccmOptionSchema = z.object({ code: z.string(), system: z.string(), en: z.string(), es: z.string() });

/** `getreportdataformonth` headers: office, month (1-12) and year. */
export const ccmReportHeadersSchema = z.object({
  hospitalid: idSchema,
  month: z.coerce.number().int().min(1).max(12),
  year: z.coerce.number().int().min(2000).max(2100),
});
/** CCM minutes thresholds: 20 (99490), 40 (99490 + one 99439), 60 (99487 / 99490 + two 99439). */
export const CCM_MINUTE_MARKS = [20, 40, 60] as const;
export const ccmReportRowSchema = z.object({
  patientId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  ccmRecordId: z.number().int(),
  recordDate: z.string(),
  /** CCM minutes in the month from the time-tracking entries of program CCM (each entry once). */
  minutes: z.number().int(),
  interactiveMinutes: z.number().int(),
  /** The highest of the 20/40/60 marks reached, 0 below 20. */
  markReached: z.number().int(),
  consentOnFile: z.boolean(),
  chronicConditions: z.number().int(),
  /** The next care plan review date, null without a care plan. */
  carePlanReviewDate: z.string().nullable(),
  carePlanReviewDue: z.boolean(),
  complexDecisionMaking: ccmRecordSchema.shape.complexDecisionMaking,
});
export const ccmReportSchema = z.object({ hospitalId: z.number().int(), month: z.number().int(), year: z.number().int(), rows: z.array(ccmReportRowSchema) });
export type CcmReport = z.infer<typeof ccmReportSchema>;

/** A CCM billing line: the billing engine's stored answer (billing_claims) for a CCM-family program. */
export const ccmBillingItemSchema = z.object({
  id: z.number().int(),
  patientId: z.number().int(),
  hospitalId: z.number().int(),
  year: z.number().int(),
  month: z.number().int(),
  program: z.string(),
  code: z.string(),
  units: z.number().int(),
  status: z.enum(['billable', 'suppressed']),
  reason: z.string(),
  evidence: z.record(z.string(), z.unknown()),
});
export const ccmBillingPatientHeadersSchema = z.object({ patientid: idSchema });
export const ccmBillingRecordHeadersSchema = z.object({ ccmrecordid: idSchema });

/** `PUT ccmconditions/conditionhistory/{id}` / DELETE: one entry of a condition's course. */
export const conditionHistoryParamsSchema = z.object({ id: idSchema });

/** `ccmcareplan/getcareplanpdf` headers: the care plan's id. */
export const ccmCarePlanPdfHeadersSchema = z.object({ careplanid: idSchema });

/** The CCM worklist's filters: every patient, consent missing, care plan review due, under the 20-minute mark. */
export const ccmWorklistFilters = ['all', 'consentMissing', 'reviewDue', 'belowFirstMark'] as const;
export const ccmWorklistSortFields = ['lastName', 'minutes', 'recordDate', 'carePlanReviewDate'] as const;
/** `ccmrecord/worklist` query: month (default the office's current one), filter, name search, paging and sort. */
export const ccmWorklistQuerySchema = z.object({
  month: intTextSchema(1, 12).optional(),
  year: intTextSchema(2000, 2100).optional(),
  filter: z.enum(ccmWorklistFilters).default('all'),
  search: z.string().trim().max(100).optional(),
  page: intTextSchema(1, 100_000).default(1),
  pageSize: intTextSchema(1, 200).default(25),
  sort: sortQuery(ccmWorklistSortFields),
});
export type CcmWorklistQuery = z.infer<typeof ccmWorklistQuerySchema>;
export const ccmWorklistSchema = pageOf(ccmReportRowSchema).extend({ month: z.number().int(), year: z.number().int() });

// The record's timeline (docs/ccm.md "Timeline") ----------------------------------------------
/**
 * Kinds of timeline events: the record opened, conditions (rows and course entries), care plan
 * versions (added, revised), consent forms, time log entries (a call when interactive), CCM
 * medical notes, files uploaded, and the rows of every other section.
 */
export const ccmTimelineKinds = ['record', 'condition', 'carePlan', 'consent', 'time', 'call', 'note', 'file', 'section'] as const;
export type CcmTimelineKind = (typeof ccmTimelineKinds)[number];
/** What happened: opened (the record), added / changed (a row), course (a condition's history entry), logged (time), uploaded (a file). */
export const ccmTimelineActions = ['opened', 'added', 'changed', 'course', 'logged', 'uploaded'] as const;
/** `ccmrecord/{id}/timeline` query: one kind or all, paging (newest first). */
export const ccmTimelineQuerySchema = z.object({
  kind: z.enum(ccmTimelineKinds).optional(),
  page: intTextSchema(1, 100_000).default(1),
  pageSize: intTextSchema(1, 200).default(25),
});
export type CcmTimelineQuery = z.infer<typeof ccmTimelineQuerySchema>;
export const ccmTimelineEventSchema = z.object({
  /** When it happened, ISO 8601 UTC. */
  at: z.string(),
  kind: z.enum(ccmTimelineKinds),
  action: z.enum(ccmTimelineActions),
  /** The sub-record group (slug) of the row, null for the record itself. */
  group: z.string().nullable(),
  /** The row's id in its group (the file's row for an upload), null for the record. */
  rowId: z.number().int().nullable(),
  /** The row's name as its list shows it (a condition's name, a care plan's title, a file's name, an option code for coded rows). */
  label: z.string(),
  /** A detail: a condition's course code, a time entry's minutes, a consent's program, else ''. */
  detail: z.string(),
});
export type CcmTimelineEvent = z.infer<typeof ccmTimelineEventSchema>;
export const ccmTimelineSchema = pageOf(ccmTimelineEventSchema);
