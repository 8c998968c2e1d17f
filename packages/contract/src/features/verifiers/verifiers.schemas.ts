import { z } from 'zod';
import { intTextSchema } from '../../common/ids';
import { pageOf, pageQuerySchema } from '../../common/envelope';
import { requiredText } from '../../common/validation';
import { sortQuery } from '../../common/sorting';

/**
 * The reference-value domains the product uses (portal-spec.md section 7, "Verifiers"). Every one
 * is seeded with real values at start-up; administrators may add values and new domains.
 */
export const verifierDomains = [
  'MENTAL_HEALTH_CATEGORY',
  'SPECIALIZATION_TYPE',
  'MEDICAL_NOTE_CATEGORY_TYPE',
  'ICD_10_MAIN_CODES',
  'HEALTH_INSURANCE_PROGRAM',
  'SURVEY_ANSWER_TYPE',
  'FILTER_TYPES',
  'SURVEY_RECURRENCER_RULE',
  'BILLING_MONITORING_TYPE',
] as const;
export type VerifierDomain = (typeof verifierDomains)[number];

/** Spec section 5: survey types with this lowValue are left out of the survey-type form options. */
export const surveyAnswerTypeHiddenInForms = '4';

/** Spec sections 4 and 9: the notification filter starts at this FILTER_TYPES value. */
export const defaultNotificationFilter = 'TODAY';

/**
 * A domain name: upper-case letters, digits and underscores, starting with a letter
 * ("SPECIALIZATION_TYPE", "ICD_10_MAIN_CODES"); the regex message otherwise.
 */
export const rvDomainPattern = /^[A-Z][A-Z0-9_]*$/;
export const rvDomainSchema = z.string().trim().min(1).max(50).regex(rvDomainPattern);

/** ICD-10-CM chapter range ("I00-I99", "O00-O9A") or three-character category ("I10", "M1A"). */
export const icd10CategoryCodePattern = /^[A-Z][0-9][0-9A-Z](-[A-Z][0-9][0-9A-Z])?$/;

/** A reference value (spec section 3 "Verifier", plus highValue, parentLowValue, sortOrder and status). */
export const verifierSchema = z.object({
  id: z.number().int(),
  rvDomain: z.string(),
  lowValue: z.string(),
  highValue: z.string(),
  longDescription: z.string(),
  longDescriptionEsp: z.string(),
  /** For an ICD-10-CM category: its chapter's range; '' otherwise. */
  parentLowValue: z.string(),
  sortOrder: z.number().int(),
  /** 1 active (offered in forms), 0 inactive. */
  status: z.number().int(),
});
export type Verifier = z.infer<typeof verifierSchema>;

/**
 * Create or update a verifier. rvDomain, lowValue and longDescription are required; the other
 * fields are optional (a create fills '' / 0 / active, an update keeps the stored value).
 */
export const verifierBodySchema = z.strictObject({
  rvDomain: rvDomainSchema,
  lowValue: requiredText(50),
  highValue: z.string().trim().max(100).optional(),
  longDescription: requiredText(500),
  longDescriptionEsp: z.string().trim().max(500).optional(),
  parentLowValue: z.string().trim().max(50).optional(),
  sortOrder: z.number().int().min(0).max(1_000_000).optional(),
  status: z.number().int().min(0).max(1).optional(),
});
export type VerifierBody = z.input<typeof verifierBodySchema>;

/** PUT body: the create body; a legacy client may repeat the id, which must then match the path. */
export const verifierUpdateBodySchema = verifierBodySchema.extend({ id: z.number().int().positive().optional() });
export type VerifierUpdateBody = z.input<typeof verifierUpdateBodySchema>;

export const verifierSortFields = ['rvDomain', 'lowValue', 'longDescription', 'sortOrder', 'id'] as const;

/** getallverifiers: page, pageSize, sort (a field, '-' for descending), search, domain, status. */
export const verifierPageQuerySchema = pageQuerySchema.extend({
  sort: sortQuery(verifierSortFields),
  domain: rvDomainSchema.optional(),
  status: intTextSchema(0, 1).optional(),
});
export type VerifierPageQuery = z.infer<typeof verifierPageQuerySchema>;

export const verifierPageSchema = pageOf(verifierSchema);
export type VerifierPage = z.infer<typeof verifierPageSchema>;

/** Header `domainValue` (spec section 7). */
export const verifierDomainHeaderSchema = z.object({ domainvalue: rvDomainSchema });

/** Header or query `domains`: a comma list of 1 to 20 domain names ("FILTER_TYPES,SURVEY_ANSWER_TYPE"). */
export const verifierDomainsHeaderSchema = z.object({
  domains: z
    .string()
    .trim()
    .min(1)
    .max(1000)
    .transform((text, ctx) => {
      const names = [...new Set(text.split(',').map((s) => s.trim()).filter(Boolean))];
      if (names.length === 0 || names.length > 20 || names.some((n) => n.length > 50 || !rvDomainPattern.test(n))) {
        ctx.addIssue({ code: 'custom', message: 'regex' });
        return z.NEVER;
      }
      return names;
    }),
});

/** getverifiersformultipledomains answers a map: every requested domain -> its active values. */
export const verifiersByDomainSchema = z.record(z.string(), z.array(verifierSchema));
export type VerifiersByDomain = z.infer<typeof verifiersByDomainSchema>;

/** Header or query `categoryCode`: an ICD-10-CM chapter range or a three-character category (any case). */
export const categoryCodeHeaderSchema = z.object({
  categorycode: z.string().trim().min(1).max(20).toUpperCase().regex(icd10CategoryCodePattern),
});

/** An IANA time zone with its current UTC offset: { id: 'America/New_York', label: '(UTC-05:00) America/New_York', offset: '-05:00' }. */
export const timeZoneOptionSchema = z.object({
  id: z.string(),
  label: z.string(),
  offset: z.string(),
});
export type TimeZoneOption = z.infer<typeof timeZoneOptionSchema>;
