import { admin } from '@vigil/contract';
import { useEndpointMutation } from '../../../lib/endpoint-query';

/** POST admin/import: queues an import of a FHIR file or folder on the server (under the demo data folders); answers the queued run. */
export function useRunImport() {
  return useEndpointMutation(admin.runImport, { input: (path: string) => ({ body: { path } }), invalidates: [admin.findImportRuns] });
}
