import { keepPreviousData } from '@tanstack/react-query';
import { medicalTeams, metadata, offices, organizations, users, verifiers, type In, type UpdateDoctorMetadataBody, type UpdateNurseMetadataBody, type UserCreateBody } from '@vigil/contract';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query';

export type OfficeStaffQuery = NonNullable<In<typeof offices.findOfficeMedicalStaffV3.query>>;

/** What a change of a staff member makes stale: every staff list (office, organization), the member and their licence data. */
const staffReads = [
  offices.findOfficeMedicalStaff,
  offices.findOfficeMedicalStaffV2,
  offices.findOfficeMedicalStaffV3,
  organizations.findOrganizationMedicalStaffV2,
  metadata.getMetadataForDoctor,
  metadata.getMetadataForNurse,
  users.getUser,
  users.findUsers,
] as const;

/** Lists that show staff members too: care teams and the patient lists' care team column. */
const careTeamReads = [medicalTeams, offices.findOfficePatientsV4, users.getHospitalPatients] as const;

/** GET hospital/getrelatedmedicalstaffforhospitalV3: a page of the office's staff with each member's patient count. */
export function useOfficeStaffWithCounts(officeId: number | null, query: OfficeStaffQuery) {
  return useEndpointQuery(
    offices.findOfficeMedicalStaffV3,
    { headers: { hospitalid: officeId ?? 0 }, query },
    { enabled: officeId !== null && officeId > 0, placeholderData: keepPreviousData },
  );
}

/** GET doctormetadata/getmetadatafordoctor: licence, NPI and specializations (null when none yet). */
export function useDoctorMetadata(doctorId: number, enabled = true) {
  return useEndpointQuery(metadata.getMetadataForDoctor, { headers: { doctorid: doctorId } }, { enabled });
}

/** GET nursemetadata/getmetadatafornurse: licence (null when none yet). */
export function useNurseMetadata(nurseId: number, enabled = true) {
  return useEndpointQuery(metadata.getMetadataForNurse, { headers: { nurseid: nurseId } }, { enabled });
}

/** GET verifier/getverifiersfordomain (SPECIALIZATION_TYPE): the specializations a doctor may hold (reference data). */
export function useSpecializations() {
  return useEndpointQuery(verifiers.getVerifiersForDomain, { headers: { domainvalue: 'SPECIALIZATION_TYPE' } }, { staleTime: 10 * 60_000 });
}

/** POST user for a doctor (3), nurse (4) or caregiver (7) of the given offices; an account-validation link is e-mailed. */
export function useCreateStaffMember() {
  return useEndpointMutation(users.createUser, { input: (body: UserCreateBody) => ({ body }), invalidates: staffReads });
}

/** POST doctormetadata/assigndoctortomultiplespetializations: SPECIALIZATION_TYPE verifier ids, in one transaction. */
export function useAssignDoctorSpecializations() {
  return useEndpointMutation(metadata.assignDoctorToMultipleSpecializations, {
    input: ({ doctorId, specializationIds }: { doctorId: number; specializationIds: number[] }) => ({ body: { doctorId, specializationIds } }),
    invalidates: staffReads,
  });
}

/** PUT doctormetadata/updatemetadatafordoctor: licence and NPI (CMS check digit); created when missing. */
export function useUpdateDoctorMetadata() {
  return useEndpointMutation(metadata.updateMetadataForDoctor, {
    input: ({ doctorId, body }: { doctorId: number; body: UpdateDoctorMetadataBody }) => ({ headers: { doctorid: doctorId }, body }),
    invalidates: staffReads,
  });
}

/** PUT nursemetadata/updatemetadatafornurse: the nurse's licence; created when missing. */
export function useUpdateNurseMetadata() {
  return useEndpointMutation(metadata.updateMetadataForNurse, {
    input: ({ nurseId, body }: { nurseId: number; body: UpdateNurseMetadataBody }) => ({ headers: { nurseid: nurseId }, body }),
    invalidates: staffReads,
  });
}

/** PUT user/setstatus for a staff member: 1 active, 0 inactive (deactivating ends their sessions). */
export function useSetStaffStatus() {
  return useEndpointMutation(users.setStatus, {
    input: ({ userId, status }: { userId: number; status: number }) => ({ headers: { userid: userId, statusvaluetoset: status } }),
    invalidates: staffReads,
  });
}

/** DELETE hospital/deassigmedicalstafffromhospitalv2: removes a member from the office and from its medical teams. */
export function useDeassignStaff() {
  return useEndpointMutation(offices.deassignMedicalStaffFromOfficeV2, {
    input: ({ hospitalId, userId }: { hospitalId: number; userId: number }) => ({ body: { hospitalId, userId } }),
    invalidates: [...staffReads, ...careTeamReads],
  });
}
