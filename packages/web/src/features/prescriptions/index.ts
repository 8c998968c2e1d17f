// What other screens compose from prescriptions: the patient page's medication list and the
// drug-product loader of the import screen.
export { MedicationListPanel } from './components/MedicationListPanel';
export { DrugImportSection } from './components/DrugImportSection';
export { usePrescriptionList } from './api/prescriptions';
