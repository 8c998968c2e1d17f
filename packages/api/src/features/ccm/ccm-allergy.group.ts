import { ccmAllergyGroup as endpoints, type CcmAllergyFields } from '@vigil/contract';
import { ccmAllergies } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { localDate, officeTimeZone } from '../../lib/office-calendar';
import type { SubRecordGroup } from '../../lib/sub-records/sub-records.service';

type AllergyItem = Omit<typeof endpoints.itemSchema._zod.output, 'id' | 'ccmRecordId' | 'patientId' | 'hospitalId' | 'createdBy' | 'createdAt' | 'updatedAt'>;
type Row = typeof ccmAllergies.$inferSelect;

/**
 * `ccmallergy` (portal-spec.md section 7 "CCM"): a patient's allergies and intolerances in a CCM
 * record, shaped after FHIR R4 AllergyIntolerance (code as RxNorm, SNOMED CT or free text;
 * category; reaction with severity; onset; clinical status). The contract checks the form (a
 * coded allergen needs its code); the hooks add what needs the office's clock.
 */
export const ccmAllergyGroup: SubRecordGroup<CcmAllergyFields, AllergyItem> = {
  endpoints,
  table: ccmAllergies,
  /** An onset after today in the record's office time zone: 400 `onsetDate` "The date cannot be in the future". */
  validate(fields, { record, now }) {
    if (fields.onsetDate && fields.onsetDate > localDate(now, officeTimeZone(record.timeZone))) {
      throw AppError.badRequest('futureDate', { onsetDate: 'futureDate' });
    }
  },
  /** Every own column, so that a field cleared in the form is cleared; a free-text allergen stores no code. */
  beforeWrite: (f) => ({
    allergen: f.allergen,
    allergenCodeSystem: f.allergenCodeSystem,
    allergenCode: f.allergenCodeSystem === 'TEXT' ? '' : (f.allergenCode ?? ''),
    category: f.category,
    reaction: f.reaction ?? '',
    severity: f.severity ?? null,
    onsetDate: f.onsetDate ?? null,
    status: f.status,
    notes: f.notes ?? '',
  }),
  toResponse: (row) => {
    const r = row as unknown as Row;
    return {
      allergen: r.allergen,
      allergenCodeSystem: r.allergenCodeSystem as AllergyItem['allergenCodeSystem'],
      allergenCode: r.allergenCode,
      category: r.category as AllergyItem['category'],
      reaction: r.reaction,
      severity: r.severity as AllergyItem['severity'],
      onsetDate: r.onsetDate,
      status: r.status as AllergyItem['status'],
      notes: r.notes,
    };
  },
};
