import { defineFeature } from '../../lib/feature-module';
import { ccmRoutes } from './ccm.routes';
import { ccmAllergies, ccmAttachments, ccmCarePlans, ccmConditionHistory, ccmConditions, ccmConsentForms, ccmDiagnoses, ccmImaging, ccmLabs, ccmMedicalNotes, ccmMedicationEvents, ccmObservations, ccmRecords, ccmTimeLogEntries, ccmVaccines, ccmVitalEntries } from '../../db/schema/index';
import { own, viaParent } from '../../lib/audit-patients';

/** The ccm feature's module descriptor (lib/feature-module.ts; docs/architecture.md "Feature modules"). */
export const ccmModule = defineFeature({
  name: 'ccm',
  routes: ccmRoutes,
  // The patient of each kind of record this feature owns (docs/audit.md "Calls keyed by a record").
  auditRecords: {
    ccmRecord: own(ccmRecords),
    // The CCM sub-record tables carry their record's patient (db/schema/ccm.ts `subRecordTable`).
    ccmallergy: own(ccmAllergies),
    ccmdiagnosis: own(ccmDiagnoses),
    ccmconditions: own(ccmConditions),
    ccmcareplan: own(ccmCarePlans),
    ccmmedicationevent: own(ccmMedicationEvents),
    vitalentry: own(ccmVitalEntries),
    ccmmedicalnote: own(ccmMedicalNotes),
    ccmobservation: own(ccmObservations),
    ccmattachment: own(ccmAttachments),
    ccmconsentform: own(ccmConsentForms),
    ccmimaging: own(ccmImaging),
    ccmvaccine: own(ccmVaccines),
    ccmlab: own(ccmLabs),
    ccmtimelogentry: own(ccmTimeLogEntries),
    ccmConditionHistory: viaParent(ccmConditionHistory, ccmConditionHistory.id, ccmConditionHistory.conditionId, ccmConditions, ccmConditions.id, ccmConditions.patientId),
  },
});
