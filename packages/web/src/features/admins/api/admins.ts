import { keepPreviousData } from '@tanstack/react-query';
import { offices, users, type In, type UserCreateBody } from '@vigil/contract';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query';

export type AdminListQuery = NonNullable<In<typeof users.getOrganizationAdmins.query>>;

/**
 * What a new admin or a status change makes stale: the admin lists, the admin itself, and the
 * offices' admin and staff tabs (office admins appear there too).
 */
const adminReads = [users.getHospitalAdmins, users.getOrganizationAdmins, users.getUser, users.findUsers, offices] as const;

/** GET user/getorganizationadmins: organization admins in scope, narrowed to one organization by the organizationid header. */
export function useOrganizationAdmins(organizationId: number | undefined, query: AdminListQuery, enabled = true) {
  return useEndpointQuery(users.getOrganizationAdmins, { headers: { organizationid: organizationId }, query }, { placeholderData: keepPreviousData, enabled });
}

/** GET hospital: the active offices in scope (of one organization when given), by name, for the wizard's office choice. */
export function useOfficeOptions(organizationId: number | undefined, enabled = true) {
  return useEndpointQuery(offices.findOffices, { query: { page: 1, pageSize: 200, sort: 'hospitalName', status: 1, organizationId } }, { staleTime: 60_000, enabled });
}

/** POST user: an office admin (role 6, with hospitalIds) or an organization admin (role 2, with organizationId). */
export function useCreateAdmin() {
  return useEndpointMutation(users.createUser, { input: (body: UserCreateBody) => ({ body }), invalidates: adminReads });
}

/** PUT user/setstatus (headers userid, statusvaluetoset): disabling a user also ends their sessions. */
export function useSetStatus() {
  return useEndpointMutation(users.setStatus, {
    input: ({ userId, status }: { userId: number; status: number }) => ({ headers: { userid: userId, statusvaluetoset: status } }),
    invalidates: adminReads,
  });
}
