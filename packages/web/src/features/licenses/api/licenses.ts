import { keepPreviousData } from '@tanstack/react-query';
import { licenses, type CreateLicenseBody, type LicenseAssignBody, type LicenseListQuery, type UpdateLicenseBody } from '@vigil/contract';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query';

/** The reads a change of a licence makes stale. */
const licenseReads = [licenses] as const;

/** GET licenses: a page of the licences of the caller's offices. */
export function useLicensePage(query: Partial<LicenseListQuery>) {
  return useEndpointQuery(licenses.findLicenses, { query }, { placeholderData: keepPreviousData });
}

/** POST licenses. */
export function useCreateLicense() {
  return useEndpointMutation(licenses.createLicense, { input: (body: CreateLicenseBody) => ({ body }), invalidates: licenseReads });
}

/** PUT licenses/{id}: 409 when deactivating an assigned licence. */
export function useUpdateLicense() {
  return useEndpointMutation(licenses.updateLicense, { input: ({ id, body }: { id: number; body: UpdateLicenseBody }) => ({ params: { id }, body }), invalidates: licenseReads });
}

/** DELETE licenses/{id}: 409 for a licence ever assigned. */
export function useDeleteLicense() {
  return useEndpointMutation(licenses.deleteLicense, { input: (id: number) => ({ params: { id } }), invalidates: licenseReads });
}

/** POST licenses/bulkinsert: a CSV file into office `hospitalId`; answers the report per row. */
export function useBulkInsertLicenses() {
  return useEndpointMutation(licenses.bulkInsertLicenses, {
    input: ({ hospitalId, file }: { hospitalId: number; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return { headers: { hospitalid: hospitalId }, form };
    },
    invalidates: licenseReads,
  });
}

/** POST licenseassignments/assign: 409 when the patient already holds a current licence of the type (the server's message says so). */
export function useAssignLicense() {
  return useEndpointMutation(licenses.assignLicense, { input: (body: LicenseAssignBody) => ({ body }), invalidates: licenseReads });
}

/** POST licenseassignments/deassign: ends the assignment; the licence is active again. */
export function useDeassignLicense() {
  return useEndpointMutation(licenses.deassignLicense, { input: (body: LicenseAssignBody) => ({ body }), invalidates: licenseReads });
}
