/**
 * The shared CCM sub-record suite (test/sub-records.suite.ts) over the groups that store their
 * own form: observations, attachments, consent forms, imaging, vaccines, labs and care plans.
 */
import * as c from '@vigil/contract';
import { describeSubRecordGroup } from '../../../test/sub-records.suite';
import { ccmAttachments, ccmCarePlans, ccmConsentForms, ccmImaging, ccmLabs, ccmObservations, ccmVaccines } from '../../db/schema/index';

describeSubRecordGroup({
  group: c.ccmObservationGroup,
  table: ccmObservations,
  valid: { category: 'social-history', loincCode: '72166-2', name: 'Tobacco smoking status', value: 'Former smoker', unit: '', observedOn: '2026-01-10', notes: 'Quit 2015' },
  changed: { category: 'exam', loincCode: '', name: 'Foot exam', value: 'Normal', unit: '', observedOn: '2026-02-01', notes: '' },
  invalid: [
    { name: 'an unknown category and a malformed LOINC code', patch: { category: 'gossip', loincCode: '12ab' }, errors: { category: 'regex', loincCode: 'regex' } },
    { name: 'a missing value', patch: { value: ' ' }, errors: { value: 'required' } },
    { name: 'an observation date in the future', patch: { observedOn: '2999-01-01' }, errors: { observedOn: 'futureDate' }, serverOnly: true },
  ],
});

describeSubRecordGroup({
  group: c.ccmAttachmentGroup,
  table: ccmAttachments,
  valid: { title: 'Discharge summary, St. Mary', documentType: '18842-5', documentDate: '2026-03-02', notes: '' },
  changed: { title: 'Cardiology consult', documentType: '11488-4', documentDate: '2026-03-05', notes: 'Scanned' },
  invalid: [
    { name: 'a missing title and an unknown document type', patch: { title: '', documentType: '00000-0' }, errors: { title: 'required', documentType: 'regex' } },
    { name: 'a document date in the future', patch: { documentDate: '2999-01-01' }, errors: { documentDate: 'futureDate' }, serverOnly: true },
  ],
});

describeSubRecordGroup({
  group: c.ccmConsentFormGroup,
  table: ccmConsentForms,
  valid: { program: 'CCM', consentType: 'VERBAL', method: 'PHONE', consentDate: '2026-01-05', obtainedBy: 'Nora Nurse, RN', status: 'ACTIVE', notes: 'Explained cost sharing' },
  changed: { program: 'CCM', consentType: 'WRITTEN', method: 'IN_PERSON', consentDate: '2026-01-06', obtainedBy: 'Dr. Diaz', status: 'REVOKED', revokedOn: '2026-02-10', notes: '' },
  invalid: [
    { name: 'an unknown consent type and a missing person who obtained it', patch: { consentType: 'NODDED', obtainedBy: '' }, errors: { consentType: 'regex', obtainedBy: 'required' } },
    { name: 'a consent date in the future', patch: { consentDate: '2999-01-01' }, errors: { consentDate: 'futureDate' }, serverOnly: true },
    // Effective dates (docs/billing-engine.md "Consent"): a revocation has its day, not before the consent, not in the future.
    { name: 'a revoked consent without its revocation date', patch: { status: 'REVOKED' }, errors: { revokedOn: 'revokedOnRequired' }, serverOnly: true },
    { name: 'a revocation date on an active consent', patch: { revokedOn: '2026-02-01' }, errors: { revokedOn: 'revokedOnWhileActive' }, serverOnly: true },
    { name: 'a revocation before the consent was obtained', patch: { status: 'REVOKED', revokedOn: '2026-01-04' }, errors: { revokedOn: 'revokedBeforeObtained' }, serverOnly: true },
    { name: 'a revocation date in the future', patch: { status: 'REVOKED', revokedOn: '2999-01-01' }, errors: { revokedOn: 'futureDate' }, serverOnly: true },
  ],
});

describeSubRecordGroup({
  group: c.ccmImagingGroup,
  table: ccmImaging,
  valid: { modality: 'DX', bodyPart: 'CHEST', studyDate: '2026-02-11', description: 'Chest X-ray, 2 views', findings: 'No acute process' },
  changed: { modality: 'US', bodyPart: 'KIDNEY', studyDate: '2026-02-12', description: 'Renal ultrasound', findings: '' },
  invalid: [
    { name: 'an unknown modality and body part', patch: { modality: 'XRAY', bodyPart: 'ELBOWISH' }, errors: { modality: 'regex', bodyPart: 'regex' } },
    { name: 'a study date in the future', patch: { studyDate: '2999-01-01' }, errors: { studyDate: 'futureDate' }, serverOnly: true },
  ],
});

describeSubRecordGroup({
  group: c.ccmVaccineGroup,
  table: ccmVaccines,
  valid: { cvxCode: '150', manufacturer: 'SEQ', lotNumber: 'AB123', administeredOn: '2025-10-01', site: 'LD', route: 'C28161', dose: 'ANNUAL', status: 'COMPLETED', notes: '' },
  changed: { cvxCode: '187', manufacturer: 'SKB', lotNumber: '', administeredOn: '2025-11-01', site: null, route: null, dose: '1', status: 'NOT_DONE', notes: 'Patient declined' },
  invalid: [
    { name: 'an unknown CVX code and an unknown site', patch: { cvxCode: '9999', site: 'NOSE' }, errors: { cvxCode: 'regex', site: 'regex' } },
    { name: 'an administration date in the future', patch: { administeredOn: '2999-01-01' }, errors: { administeredOn: 'futureDate' }, serverOnly: true },
  ],
});

describeSubRecordGroup({
  group: c.ccmLabGroup,
  table: ccmLabs,
  valid: { panel: '4548-4', specimen: 'BLD', testName: 'Hemoglobin A1c', loincCode: '4548-4', value: '8.1', unit: '%', referenceRange: '4.0-5.6', interpretation: 'H', source: 'REFERENCE_LAB', collectedOn: '2026-02-20', notes: '' },
  changed: { panel: '24323-8', specimen: 'SER', testName: 'Potassium', loincCode: '2823-3', value: '6.8', unit: 'mmol/L', referenceRange: '3.5-5.1', interpretation: 'HH', source: 'HOSPITAL', collectedOn: '2026-02-21', notes: 'Called the doctor' },
  invalid: [
    { name: 'an unknown interpretation and a missing value', patch: { interpretation: 'SO-SO', value: '' }, errors: { interpretation: 'regex', value: 'required' } },
    { name: 'a collection date in the future', patch: { collectedOn: '2999-01-01' }, errors: { collectedOn: 'futureDate' }, serverOnly: true },
  ],
});

const goal = { description: 'HbA1c below 7 %', measure: 'HbA1c', target: '< 7 %', targetDate: '2026-12-31', status: 'IN_PROGRESS' };
describeSubRecordGroup({
  group: c.ccmCarePlanGroup,
  table: ccmCarePlans,
  valid: {
    title: 'Comprehensive care plan 2026',
    planType: 'comprehensive',
    status: 'active',
    problemList: 'Type 2 diabetes (E11.9); hypertension (I10)',
    expectedOutcome: 'Stable glucose and blood pressure at home',
    prognosis: 'Good with adherence',
    goals: [goal, { description: 'Blood pressure below 130/80', status: 'PROPOSED' }],
    symptomManagement: 'Check glucose before breakfast; call for readings above 300',
    interventions: [{ description: 'Monthly CCM call', responsible: 'Nora Nurse, RN' }],
    medicationManagement: 'Metformin 500 mg twice daily; review at each call',
    communityServices: 'Meals on Wheels',
    coordination: 'Endocrinology, Dr. Stone',
    reviewDate: '2026-06-30',
  },
  changed: {
    title: 'Care plan revised',
    planType: 'comprehensive',
    status: 'on-hold',
    problemList: 'Type 2 diabetes (E11.9)',
    expectedOutcome: 'Fewer lows',
    prognosis: 'Fair',
    goals: [{ description: 'No hypoglycemia', status: 'ACHIEVED' }],
    symptomManagement: 'Carry glucose tablets',
    interventions: [{ description: 'Diet counselling', responsible: 'Dietitian' }],
    medicationManagement: 'Stop glipizide',
    communityServices: '',
    coordination: '',
    reviewDate: '2026-09-30',
    establishedOn: '2026-01-10',
    revisedOn: '2026-03-01',
  },
  invalid: [
    // Complex CCM reads these dates (docs/billing-engine.md "Complex CCM").
    { name: 'a revision before the care plan was established', patch: { establishedOn: '2026-02-01', revisedOn: '2026-01-15' }, errors: { revisedOn: 'revisedBeforeEstablished' }, serverOnly: true },
    { name: 'a revision date in the future', patch: { revisedOn: '2999-01-01' }, errors: { revisedOn: 'futureDate' }, serverOnly: true },
    { name: 'a plan without goals or interventions', patch: { goals: [], interventions: [] }, errors: { goals: 'required', interventions: 'required' } },
    { name: 'an intervention without the person responsible', patch: { interventions: [{ description: 'Call weekly', responsible: '' }] }, errors: { 'interventions.0.responsible': 'required' } },
    { name: 'a missing prognosis and review date', patch: { prognosis: '', reviewDate: undefined }, errors: { prognosis: 'required', reviewDate: 'required' } },
  ],
});
