import { enrolment, medicalTeams, metadata, offices, organizations, users, type CreatePatientMetadataBody, type PatientListView, type UpdateEnrolmentBody, type UserCreateBody } from '@vigil/contract';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query';

/**
 * What a new patient or a patient's change makes stale: every patient list (office, all offices,
 * organization), the patient, their metadata and care teams, and the staff list's patient counts.
 */
const patientReads = [
  offices.findOfficePatientsV4,
  users.getHospitalPatients,
  organizations.findOrganizationPatients,
  users.getUser,
  metadata.getMetadataForPatient,
  medicalTeams,
  offices.findOfficeMedicalStaffV3,
] as const;

/** POST user with role 5 and the patient's offices; the server normalises names and stores the phone in E.164. */
export function useCreatePatient() {
  return useEndpointMutation(users.createUser, { input: (body: UserCreateBody) => ({ body }), invalidates: patientReads });
}

/** POST patientmetadata: height (cm), weight (kg), record number and identifier of a new patient. */
export function useCreatePatientMetadata() {
  return useEndpointMutation(metadata.createPatientMetadata, { input: (body: CreatePatientMetadataBody) => ({ body }), invalidates: patientReads });
}

/** PUT user/setstatus: 0 inactive, 1 active, 2 pending, 3 deceased (final: the server refuses any later change). */
export function useSetPatientStatus() {
  return useEndpointMutation(users.setStatus, {
    input: ({ userId, status }: { userId: number; status: number }) => ({ headers: { userid: userId, statusvaluetoset: status } }),
    invalidates: patientReads,
  });
}

/** PUT patientenrolment: the patient's programs (each with its enrolment date) and insurance, replacing what was saved. */
export function useUpdatePatientEnrolment() {
  return useEndpointMutation(enrolment.updatePatientEnrolment, {
    input: ({ patientId, body }: { patientId: number; body: UpdateEnrolmentBody }) => ({ headers: { patientid: patientId }, body }),
    invalidates: [enrolment.getPatientEnrolment],
  });
}

/** GET user/patientlistview: the caller's saved default view of /patients (sort and filters), or null. */
export function usePatientListView() {
  return useEndpointQuery(offices.getPatientListView, {}, { staleTime: Infinity });
}

/** PUT user/patientlistview: saves the caller's default view of /patients. */
export function useSavePatientListView() {
  return useEndpointMutation(offices.savePatientListView, { input: (body: PatientListView) => ({ body }), invalidates: [offices.getPatientListView] });
}
