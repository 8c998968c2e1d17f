import { useState } from 'react';
import { Button, FileButton, Group } from '@mantine/core';
import { IconFileExport, IconFileImport } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ccm, ccmGroups } from '@vigil/contract';
import { ApiError, callBlobWithProgress, uploadWithProgress } from '../../../lib/api-client';
import { invalidateEndpoints } from '../../../lib/endpoint-keys';
import { notify } from '../../../lib/notify';
import { saveFile } from '../../../lib/save-file';
import { transferJobs } from '../transfers/transfer-jobs';

/**
 * The record's FHIR R4 export (a Bundle file, `GET ccmrecord/{id}/fhir`) and, for `canManage`, the
 * import of a FHIR Bundle into it (`POST ccmrecord/{id}/fhir`, all or nothing; docs/ccm.md "FHIR").
 * Both are file transfer jobs in the tray (spec section 3); a refused import says why (section 4).
 */
export function CcmFhirActions({ ccmRecordId, patientId, canManage }: { ccmRecordId: number; patientId: number; canManage: boolean }) {
  const { t } = useTranslation('ccmFiles');
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const reason = (err: unknown) => (err instanceof ApiError && err.message ? err.message : t('failed'));

  const exportBundle = async () => {
    const fileName = `ccm-record-${ccmRecordId}.fhir.json`;
    const job = transferJobs.start(patientId, fileName, 'download');
    try {
      const blob = await callBlobWithProgress(ccm.exportCcmRecordFhir, { params: { id: ccmRecordId } }, (done, total) => transferJobs.progress(job, done, total));
      transferJobs.complete(job);
      saveFile(blob, fileName);
    } catch (err) {
      transferJobs.fail(job, reason(err));
    }
  };

  const importBundle = async (picked: File | null) => {
    if (!picked) { return; }
    const job = transferJobs.start(patientId, picked.name, 'upload', picked.size);
    setBusy(true);
    try {
      const form = new FormData();
      form.append('file', picked, picked.name);
      const result = await uploadWithProgress(ccm.importCcmRecordFhir, { params: { id: ccmRecordId }, form }, (done, total) => transferJobs.progress(job, done, total));
      transferJobs.complete(job);
      const rows = Object.values(result.imported).reduce((n, c) => n + c, 0);
      notify({ color: 'teal', message: t('fhir.imported', { count: rows, skipped: result.skippedCount }) });
      await invalidateEndpoints(qc, [ccm.getCcmRecordById, ...Object.values(ccmGroups).flatMap((g) => [g.getByCcmRecordId, g.getByPatientId])]);
    } catch (err) {
      transferJobs.fail(job, reason(err));
      notify({ color: 'red', message: reason(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Group gap="xs" data-testid="ccm-fhir-actions">
      <Button size="xs" variant="default" leftSection={<IconFileExport size={16} aria-hidden />} onClick={() => void exportBundle()}>
        {t('fhir.export')}
      </Button>
      {canManage && (
        <FileButton onChange={(f) => void importBundle(f)} accept="application/fhir+json,application/json,.json">
          {(props) => (
            <Button {...props} size="xs" variant="default" loading={busy} leftSection={<IconFileImport size={16} aria-hidden />}>
              {t('fhir.import')}
            </Button>
          )}
        </FileButton>
      )}
    </Group>
  );
}
