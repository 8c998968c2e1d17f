import { subRecordEndpoints } from '../../common/sub-records';
import { ccmAllergyFieldsSchema, ccmAllergyItemSchema, refineAllergenCode } from './ccm.schemas';
import * as s from './ccm.sections.schemas';

/**
 * The CCM sub-record groups (portal-spec.md section 7 "CCM"), one `subRecordEndpoints` call each.
 * A group's object carries its five declarations and its form and answer schemas; the API serves
 * it with `lib/sub-records`, the web builds its section from it. Kept out of the `contract` map
 * (ccm.contract.ts re-exports the declarations by name) so that each endpoint is listed once.
 */
const permissions = { read: 'ccm.read', write: 'ccm.manage' } as const;
const tag = 'CCM';

export const ccmAllergyGroup = subRecordEndpoints({ slug: 'ccmallergy', resource: 'AllergyIntolerance', tag, noun: 'allergy', fields: ccmAllergyFieldsSchema, refine: refineAllergenCode, item: ccmAllergyItemSchema, permissions });
export const ccmDiagnosisGroup = subRecordEndpoints({ slug: 'ccmdiagnosis', resource: 'Condition', tag, noun: 'diagnosis', fields: s.ccmDiagnosisFieldsSchema, item: s.ccmDiagnosisItemSchema, permissions });
export const ccmConditionGroup = subRecordEndpoints({ slug: 'ccmconditions', resource: 'Condition', tag, noun: 'condition', fields: s.ccmConditionFieldsSchema, item: s.ccmConditionItemSchema, permissions });
export const ccmCarePlanGroup = subRecordEndpoints({ slug: 'ccmcareplan', resource: 'CarePlan', tag, noun: 'care plan', fields: s.ccmCarePlanFieldsSchema, item: s.ccmCarePlanItemSchema, permissions });
export const ccmMedicationEventGroup = subRecordEndpoints({ slug: 'ccmmedicationevent', resource: 'MedicationStatement', tag, noun: 'medication event', fields: s.ccmMedicationEventFieldsSchema, item: s.ccmMedicationEventItemSchema, permissions });
export const ccmVitalEntryGroup = subRecordEndpoints({ slug: 'vitalentry', resource: 'Observation', tag, noun: 'vital entry', fields: s.ccmVitalEntryFieldsSchema, refine: s.refineVitalEntry, item: s.ccmVitalEntryItemSchema, permissions });
export const ccmMedicalNoteGroup = subRecordEndpoints({ slug: 'ccmmedicalnote', resource: 'DocumentReference', tag, noun: 'CCM medical note', fields: s.ccmMedicalNoteFieldsSchema, item: s.ccmMedicalNoteItemSchema, permissions });
export const ccmObservationGroup = subRecordEndpoints({ slug: 'ccmobservation', resource: 'Observation', tag, noun: 'observation', fields: s.ccmObservationFieldsSchema, item: s.ccmObservationItemSchema, permissions });
export const ccmAttachmentGroup = subRecordEndpoints({ slug: 'ccmattachment', resource: 'DocumentReference', tag, noun: 'attachment', fields: s.ccmAttachmentFieldsSchema, item: s.ccmAttachmentItemSchema, permissions });
export const ccmConsentFormGroup = subRecordEndpoints({ slug: 'ccmconsentform', resource: 'Consent', tag, noun: 'consent form', fields: s.ccmConsentFormFieldsSchema, item: s.ccmConsentFormItemSchema, permissions });
export const ccmImagingGroup = subRecordEndpoints({ slug: 'ccmimaging', resource: 'ImagingStudy', tag, noun: 'imaging study', fields: s.ccmImagingFieldsSchema, item: s.ccmImagingItemSchema, permissions });
export const ccmVaccineGroup = subRecordEndpoints({ slug: 'ccmvaccine', resource: 'Immunization', tag, noun: 'vaccine', fields: s.ccmVaccineFieldsSchema, item: s.ccmVaccineItemSchema, permissions });
export const ccmLabGroup = subRecordEndpoints({ slug: 'ccmlab', resource: 'Observation', tag, noun: 'lab result', fields: s.ccmLabFieldsSchema, item: s.ccmLabItemSchema, permissions });
export const ccmTimeLogGroup = subRecordEndpoints({ slug: 'ccmtimelogentry', resource: 'Encounter', tag, noun: 'CCM time log entry', fields: s.ccmTimeLogFieldsSchema, item: s.ccmTimeLogItemSchema, permissions });

/** Every group, in the record's section order (the web's navigation and `GET ccmrecord/{id}`). */
export const ccmGroups = {
  ccmconditions: ccmConditionGroup,
  ccmdiagnosis: ccmDiagnosisGroup,
  ccmcareplan: ccmCarePlanGroup,
  ccmtimelogentry: ccmTimeLogGroup,
  ccmmedicationevent: ccmMedicationEventGroup,
  vitalentry: ccmVitalEntryGroup,
  ccmmedicalnote: ccmMedicalNoteGroup,
  ccmobservation: ccmObservationGroup,
  ccmallergy: ccmAllergyGroup,
  ccmvaccine: ccmVaccineGroup,
  ccmimaging: ccmImagingGroup,
  ccmlab: ccmLabGroup,
  ccmattachment: ccmAttachmentGroup,
  ccmconsentform: ccmConsentFormGroup,
} as const;
export type CcmGroupSlug = keyof typeof ccmGroups;
