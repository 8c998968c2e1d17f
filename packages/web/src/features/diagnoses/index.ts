// What other features and screens may compose from diagnoses: the patient page's problem list and
// the ICD-10-CM releases section of the reference-data screen.
export { ProblemListPanel } from './components/ProblemListPanel';
export { Icd10cmReleasesSection } from './components/Icd10cmReleasesSection';
export { useDiagnosisList } from './api/diagnoses';
