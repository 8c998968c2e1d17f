import { useMutation, useQueryClient } from '@tanstack/react-query';
import { admin, type ImportReport } from '@vigil/contract';
import { call } from '../../../lib/api-client';

/** POST admin/import: imports a FHIR file or folder on the server (under the demo data folders). */
export function runImport(path: string): Promise<ImportReport> {
  return call(admin.runImport, { body: { path } });
}

/** Runs an import; the run history and every list the import may have changed are refreshed. */
export function useRunImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runImport,
    // An import touches organizations, offices, users and the run history: refresh them all.
    onSettled: () => queryClient.invalidateQueries(),
  });
}
