import { z } from 'zod';
import { optionalText, requiredText } from '../../common/validation';
import { idSchema } from '../../common/ids';
import { BILLING_PROGRAMS, billingProgramSchema } from '../billing/billing.schemas';
import { isValidMbi, normaliseMbi } from './mbi';

/**
 * Who pays for the patient's care. MEDICARE is Original Medicare (Part B): its member id is the
 * Medicare Beneficiary Identifier and must follow CMS's format (./mbi.ts). A Medicare Advantage
 * plan issues its own member ids, so it is not checked against the MBI format.
 */
export const PAYER_TYPES = ['MEDICARE', 'MEDICARE_ADVANTAGE', 'MEDICAID', 'COMMERCIAL', 'SELF_PAY', 'OTHER'] as const;
export const payerTypeSchema = z.enum(PAYER_TYPES);
export type PayerType = z.infer<typeof payerTypeSchema>;

/** One program a patient is enrolled in, from `enrolledOn` (YYYY-MM-DD, the office's calendar). */
export const programEnrolmentInputSchema = z.strictObject({
  program: billingProgramSchema,
  enrolledOn: z.iso.date(),
});

/**
 * The patient's insurance: payer type, payer and plan names, member id. For MEDICARE the member id
 * is the MBI (normalised: upper case, no dashes) and a value outside CMS's format answers the
 * form message 'mbi' on `memberId`.
 */
export const insuranceInputSchema = z
  .strictObject({
    payerType: payerTypeSchema,
    payerName: optionalText(100),
    planName: optionalText(100),
    memberId: requiredText(40),
  })
  .transform((v) => (v.payerType === 'MEDICARE' ? { ...v, memberId: normaliseMbi(v.memberId) } : v))
  .superRefine((v, ctx) => {
    if (v.payerType === 'MEDICARE' && !isValidMbi(v.memberId)) { ctx.addIssue({ code: 'custom', message: 'mbi', path: ['memberId'] }); }
  });
export type InsuranceInput = z.input<typeof insuranceInputSchema>;

/**
 * `PUT patientenrolment` body: the patient's whole enrolment, replacing what was saved. Each
 * program at most once (the later duplicate answers 'regex' on that row); insurance null removes it.
 */
export const updateEnrolmentBodySchema = z.strictObject({
  programs: z
    .array(programEnrolmentInputSchema)
    .max(BILLING_PROGRAMS.length)
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((p, i) => {
        if (seen.has(p.program)) { ctx.addIssue({ code: 'custom', message: 'duplicate', path: [i, 'program'] }); }
        seen.add(p.program);
      });
    }),
  insurance: insuranceInputSchema.nullable(),
});
export type UpdateEnrolmentBody = z.input<typeof updateEnrolmentBodySchema>;

export const enrolmentHeadersSchema = z.object({ patientid: idSchema });

/** A saved program enrolment. */
export const programEnrolmentSchema = z.object({
  program: billingProgramSchema,
  enrolledOn: z.string(),
});
export type ProgramEnrolment = z.infer<typeof programEnrolmentSchema>;

/** Saved insurance; `memberIdDisplay` is the MBI as CMS prints it (1EG4-TE5-MK73), else the member id. */
export const insuranceSchema = z.object({
  payerType: payerTypeSchema,
  payerName: z.string(),
  planName: z.string(),
  memberId: z.string(),
  memberIdDisplay: z.string(),
});
export type Insurance = z.infer<typeof insuranceSchema>;

/** A patient's enrolment: programs in the canonical order (RPM, RTM, CCM, PCM, APCM, BHI, CPM) and insurance. */
export const enrolmentSchema = z.object({
  patientId: z.number().int(),
  programs: z.array(programEnrolmentSchema),
  insurance: insuranceSchema.nullable(),
  updatedAt: z.string().nullable(),
});
export type Enrolment = z.infer<typeof enrolmentSchema>;
