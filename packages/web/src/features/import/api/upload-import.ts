import { useMutation, useQueryClient } from '@tanstack/react-query';
import { admin, IMPORT_UPLOAD_MAX_BYTES, type ImportReport } from '@vigil/contract';
import { call } from '../../../lib/api-client';

export { IMPORT_UPLOAD_MAX_BYTES };

/** POST admin/importupload: imports one uploaded FHIR R4 JSON file (multipart field "file"). */
export function uploadImport(file: File): Promise<ImportReport> {
  const form = new FormData();
  form.append('file', file);
  return call(admin.uploadImport, { form });
}

/** Uploads and imports; the run history and every list the import may have changed are refreshed. */
export function useUploadImport() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadImport, onSettled: () => queryClient.invalidateQueries() });
}
