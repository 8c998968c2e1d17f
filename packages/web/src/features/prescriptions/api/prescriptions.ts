import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { offices, prescriptions, Role, UserStatus, type PrescriptionCreateBody, type PrescriptionUpdateBody } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { useEndpointMutation, useEndpointQuery, invalidateEndpoints } from '../../../lib/endpoint-query';

/** Everything a prescription change makes stale: the lists and the single reads. */
const changed = [prescriptions.getPrescriptionListForPatient, prescriptions.getPrescription];

/** GET patientprescription/getprescriptionlistforpatient: one page of the patient's medication list. */
export function usePrescriptionList(patientId: number, filter: 'active' | 'all', page: number, pageSize: number, enabled: boolean) {
  return useEndpointQuery(prescriptions.getPrescriptionListForPatient, { headers: { patientid: patientId }, query: { filter, page, pageSize } }, { placeholderData: keepPreviousData, enabled });
}

/** POST patientprescription/fdasearch for `search` (nothing is asked for under 2 characters); the last answer stays while typing. */
export function useDrugSearch(search: string, limit = 10) {
  const text = search.trim();
  return useEndpointQuery(prescriptions.searchDrugProducts, { body: { search: text, limit } }, { enabled: text.length >= 2, placeholderData: keepPreviousData, staleTime: 60_000 });
}

/** The active doctors of office `hospitalId`: who may be named prescriber (GET hospital/getrelatedmedicalstaffforhospital, role 3). */
export function useOfficeDoctors(hospitalId: number) {
  return useEndpointQuery(offices.findOfficeMedicalStaff, { headers: { hospitalid: hospitalId }, query: { roleId: Role.DOCTOR } }, { select: (staff) => staff.filter((u) => u.status === UserStatus.ACTIVE) });
}

/** POST patientprescription, PUT and DELETE patientprescription/{id}. */
export function usePrescriptionMutations() {
  return {
    create: useEndpointMutation(prescriptions.createPrescription, { input: (body: PrescriptionCreateBody) => ({ body }), invalidates: changed }),
    update: useEndpointMutation(prescriptions.updatePrescription, { input: ({ id, body }: { id: number; body: PrescriptionUpdateBody }) => ({ params: { id }, body }), invalidates: changed }),
    remove: useEndpointMutation(prescriptions.deletePrescription, { input: (id: number) => ({ params: { id } }), invalidates: changed }),
  };
}

/** GET drugproduct/importruns, polled every 2 s while a run is queued or running. */
export function useDrugImportRuns() {
  return useEndpointQuery(prescriptions.findDrugImportRuns, {}, { refetchInterval: (q) => (q.state.data?.some((r) => r.status === 'queued' || r.status === 'running') ? 2000 : false) });
}

/** POST drugproduct/import: uploads an FDA product file (multipart field "file"); the run list is refreshed. */
export function useDrugImportUpload() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return call(prescriptions.importDrugProducts, { form });
    },
    onSettled: () => invalidateEndpoints(qc, [prescriptions.findDrugImportRuns, prescriptions.searchDrugProducts]),
  });
}

