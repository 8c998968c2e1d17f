import { z } from 'zod';
import { bodyIdSchema, idSchema } from '../../common/ids';
import { pageOf, pageQuerySchema } from '../../common/envelope';
import { sortQuery } from '../../common/sorting';
import { optionalText, requiredText } from '../../common/validation';
import { centsSchema, invoiceDaySchema } from '../invoices/invoices.schemas';

/**
 * Device and program licences of an office (portal-spec.md section 3 "Licence"; docs/licenses.md).
 * A licence is valid through its expiration date in its office's time zone; the licence-expiry job
 * marks it expired at the next local midnight.
 */

/** Licence statuses (portal-spec.md section 4): active and inactive are chosen; assigned and expired are the system's. */
export const licenseStatuses = ['active', 'inactive', 'expired', 'assigned'] as const;
export const licenseStatusSchema = z.enum(licenseStatuses);
export type LicenseStatus = z.infer<typeof licenseStatusSchema>;

/** Licence types: what the licence covers (docs/licenses.md). */
export const licenseTypes = ['DEVICE', 'RPM', 'RTM', 'CCM', 'PCM', 'APCM', 'BHI', 'OTHER'] as const;
export const licenseTypeSchema = z.enum(licenseTypes);
export type LicenseType = z.infer<typeof licenseTypeSchema>;

/** The largest CSV upload of `POST licenses/bulkinsert` (1 MB, at most 2,000 rows). */
export const LICENSE_CSV_MAX_BYTES = 1_048_576;
export const LICENSE_CSV_MAX_ROWS = 2000;

export const licenseSchema = z.object({
  id: z.number().int(),
  hospitalId: z.number().int(),
  hospitalName: z.string(),
  name: z.string(),
  description: z.string(),
  content: z.string(),
  type: licenseTypeSchema,
  status: licenseStatusSchema,
  priceCents: z.number().int(),
  expirationDate: z.string(),
  /** The patient holding the licence now, or null. */
  assignedPatientId: z.number().int().nullable(),
  assignedPatientName: z.string(),
  createdAt: z.string(),
});
export type License = z.infer<typeof licenseSchema>;

export const licenseSortFields = ['name', 'type', 'status', 'expirationDate', 'price'] as const;
export const licenseListQuerySchema = pageQuerySchema.extend({
  hospitalId: idSchema.optional(),
  status: licenseStatusSchema.optional(),
  type: licenseTypeSchema.optional(),
  sort: sortQuery(licenseSortFields),
});
export type LicenseListQuery = z.output<typeof licenseListQuerySchema>;
export const licensePageSchema = pageOf(licenseSchema);

const licenseFields = {
  name: requiredText(100),
  description: optionalText(500),
  content: optionalText(2000),
  type: licenseTypeSchema,
  priceCents: centsSchema,
  expirationDate: invoiceDaySchema,
};

export const createLicenseBodySchema = z.strictObject({
  hospitalId: bodyIdSchema,
  ...licenseFields,
  status: z.enum(['active', 'inactive']).default('active'),
});
export type CreateLicenseBody = z.output<typeof createLicenseBodySchema>;

export const updateLicenseBodySchema = z.strictObject({ ...licenseFields, status: z.enum(['active', 'inactive']).optional() });
export type UpdateLicenseBody = z.output<typeof updateLicenseBodySchema>;

export const licenseBulkHeadersSchema = z.object({ hospitalid: idSchema });

/** One CSV row's outcome: its 1-based data row number, and the new licence or the field messages. */
export const licenseBulkRowSchema = z.object({
  row: z.number().int(),
  name: z.string(),
  status: z.enum(['inserted', 'failed']),
  licenseId: z.number().int().nullable(),
  errors: z.record(z.string(), z.string()),
});
export const licenseBulkReportSchema = z.object({
  inserted: z.number().int(),
  failed: z.number().int(),
  rows: z.array(licenseBulkRowSchema),
});
export type LicenseBulkReport = z.infer<typeof licenseBulkReportSchema>;

export const licenseAssignmentSchema = z.object({
  id: z.number().int(),
  licenseId: z.number().int(),
  patientId: z.number().int(),
  licenseName: z.string(),
  licenseType: licenseTypeSchema,
  licenseStatus: licenseStatusSchema,
  expirationDate: z.string(),
  assignedAt: z.string(),
  /** When the assignment ended (deassigned, or the licence expired); null while it holds. */
  endedAt: z.string().nullable(),
});
export type LicenseAssignment = z.infer<typeof licenseAssignmentSchema>;

export const licensePatientHeadersSchema = z.object({ patientid: idSchema });
export const licenseAssignBodySchema = z.strictObject({ licenseId: bodyIdSchema, patientId: bodyIdSchema });
export type LicenseAssignBody = z.output<typeof licenseAssignBodySchema>;
