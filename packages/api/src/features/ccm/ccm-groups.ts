import type { CcmGroupSlug } from '@vigil/contract';
import type { SubRecordGroup } from '../../lib/sub-records/sub-records.service';
import { ccmAllergyGroup } from './ccm-allergy.group';
import * as g from './ccm-sections.groups';

/** Every CCM sub-record group as the server serves it, by slug (contract `ccmGroups`). */
export const ccmServerGroups: Record<CcmGroupSlug, SubRecordGroup<never, object>> = {
  ccmconditions: g.ccmConditionGroup as never,
  ccmdiagnosis: g.ccmDiagnosisGroup as never,
  ccmcareplan: g.ccmCarePlanGroup as never,
  ccmtimelogentry: g.ccmTimeLogGroup as never,
  ccmmedicationevent: g.ccmMedicationEventGroup as never,
  vitalentry: g.ccmVitalEntryGroup as never,
  ccmmedicalnote: g.ccmMedicalNoteGroup as never,
  ccmobservation: g.ccmObservationGroup as never,
  ccmallergy: ccmAllergyGroup as never,
  ccmvaccine: g.ccmVaccineGroup as never,
  ccmimaging: g.ccmImagingGroup as never,
  ccmlab: g.ccmLabGroup as never,
  ccmattachment: g.ccmAttachmentGroup as never,
  ccmconsentform: g.ccmConsentFormGroup as never,
};
