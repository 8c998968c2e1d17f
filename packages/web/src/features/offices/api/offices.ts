import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { medicalTeams, offices, organizations, users, type In, type OfficeCreate, type OfficeUpdate, type OfficeUserBody, type OfficeUsersBody } from '@vigil/contract';
import { invalidateEndpoints, queryKeyOf, useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query';

export type OfficeListQuery = NonNullable<In<typeof offices.findOffices.query>>;
export type UserPickerQuery = NonNullable<In<typeof users.findUsers.query>>;

/**
 * What a change of an office or of its members makes stale: every office read (the lists, one
 * office, its staff and patients, the office pickers of other screens), its admins, the user picker
 * and the users themselves (a user carries their offices).
 */
const officeReads = [offices, users.getHospitalAdmins, users.findUsers, users.getUser] as const;

/** GET hospital: a page of the offices in scope, optionally of one organization. */
export function useOffices(query: OfficeListQuery) {
  return useEndpointQuery(offices.findOffices, { query }, { placeholderData: keepPreviousData });
}

/** GET user with a role filter: the users in scope to choose from when assigning staff or admins. */
export function useUserPicker(query: UserPickerQuery, enabled = true) {
  return useEndpointQuery(users.findUsers, { query }, { placeholderData: keepPreviousData, enabled });
}

/** POST hospital: a new office; its organization's office count changes too. */
export function useCreateOffice() {
  return useEndpointMutation(offices.createOffice, { input: (body: OfficeCreate) => ({ body }), invalidates: [...officeReads, organizations] });
}

/** PUT hospital/{id}: every editable field (a full replacement). */
export function useUpdateOffice() {
  return useEndpointMutation(offices.updateOffice, { input: ({ id, body }: { id: number; body: OfficeUpdate }) => ({ params: { id }, body }), invalidates: officeReads });
}

/** DELETE hospital/{id}: refused (409) while patients are still assigned to the office. */
export function useDeleteOffice() {
  const qc = useQueryClient();
  return useEndpointMutation(offices.deleteOffice, {
    input: (id: number) => ({ params: { id } }),
    // the deleted office itself is not fetched again (it would answer 404 while its drawer closes)
    onSuccess: (_data, id) => invalidateEndpoints(qc, [...officeReads, organizations], { except: [queryKeyOf(offices.getOffice, { params: { id } })] }),
  });
}

/** POST hospital/assignadmintohospital: an office admin (role 6) becomes an admin of the office. */
export function useAssignAdmin() {
  return useEndpointMutation(offices.assignAdminToOffice, { input: (body: OfficeUserBody) => ({ body }), invalidates: officeReads });
}

/** POST hospital/deassignadminfromhospital: removes an office admin from the office. */
export function useDeassignAdmin() {
  return useEndpointMutation(offices.deassignAdminFromOffice, { input: (body: OfficeUserBody) => ({ body }), invalidates: officeReads });
}

/** POST hospital/assignmultipleuserstohospital: several users in one transaction. */
export function useAssignStaff() {
  return useEndpointMutation(offices.assignMultipleUsersToOffice, { input: (body: OfficeUsersBody) => ({ body }), invalidates: officeReads });
}

/** DELETE hospital/deassigmedicalstafffromhospitalv2: removes a member from the office and its medical teams. */
export function useDeassignStaff() {
  return useEndpointMutation(offices.deassignMedicalStaffFromOfficeV2, { input: (body: OfficeUserBody) => ({ body }), invalidates: [...officeReads, medicalTeams] });
}
