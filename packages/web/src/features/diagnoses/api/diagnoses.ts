import { keepPreviousData } from '@tanstack/react-query';
import { diagnoses, type CreateDiagnosisBody, type DiagnosisListFilter, type UpdateDiagnosisBody } from '@vigil/contract';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query';

/**
 * Hooks over the diagnosis endpoints (contract `diagnoses`): the problem list, the ICD-10-CM
 * search, the releases and the release import. Keys derive from the declarations
 * (lib/endpoint-keys.ts); a change makes the problem list and the one diagnosis stale.
 */

/** GET patientdiagnosis/getdiagnosislistforpatient: the list (of `status`) with the chronic count. */
export function useDiagnosisList(patientId: number, status?: DiagnosisListFilter) {
  return useEndpointQuery(diagnoses.getDiagnosisListForPatient, { headers: { patientid: patientId }, query: status ? { status } : {} }, { placeholderData: keepPreviousData });
}

/** GET icd10cm/search while the text is worth searching (see readIcd10cmQuery on the server); the previous hits stay while typing. */
export function useIcd10cmSearch(q: string) {
  const text = q.trim();
  return useEndpointQuery(diagnoses.searchIcd10cm, { query: { q: text, limit: 20 } }, { enabled: text.length >= 2, placeholderData: keepPreviousData, staleTime: 5 * 60_000 });
}

const invalidates = [diagnoses.getDiagnosisListForPatient, diagnoses.getDiagnosis];

/** POST patientdiagnosis, PUT patientdiagnosis/updatediagnosisforpatient, DELETE patientdiagnosis/{id}. */
export function useDiagnosisMutations() {
  return {
    create: useEndpointMutation(diagnoses.createDiagnosis, { input: (body: CreateDiagnosisBody) => ({ body }), invalidates }),
    update: useEndpointMutation(diagnoses.updateDiagnosisForPatient, { input: (body: UpdateDiagnosisBody) => ({ body }), invalidates }),
    remove: useEndpointMutation(diagnoses.deleteDiagnosis, { input: (id: number) => ({ params: { id } }), invalidates }),
  };
}

/** GET icd10cm/releases; polls every 2 s while a load is queued or running. */
export function useIcd10cmReleases() {
  return useEndpointQuery(diagnoses.findIcd10cmReleases, {}, { refetchInterval: (q) => (q.state.data?.some((r) => r.status === 'queued' || r.status === 'running') ? 2000 : false) });
}

/** POST icd10cm/import: uploads an official code file (multipart field "file"). */
export function useImportIcd10cm() {
  return useEndpointMutation(diagnoses.importIcd10cmRelease, {
    input: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return { form };
    },
    invalidates: [diagnoses.findIcd10cmReleases],
  });
}
