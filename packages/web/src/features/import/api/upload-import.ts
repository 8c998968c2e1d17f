import { admin, IMPORT_UPLOAD_MAX_BYTES } from '@vigil/contract';
import { useEndpointMutation } from '../../../lib/endpoint-query';

export { IMPORT_UPLOAD_MAX_BYTES };

/** POST admin/importupload: uploads one FHIR R4 JSON file (multipart field "file") and queues its import; answers the queued run. */
export function useUploadImport() {
  return useEndpointMutation(admin.uploadImport, {
    input: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return { form };
    },
    invalidates: [admin.findImportRuns],
  });
}
