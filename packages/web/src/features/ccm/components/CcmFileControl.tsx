import { useState } from 'react';
import { Button, FileButton, Group, Text } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ccm, type CcmFile } from '@vigil/contract';
import { ApiError, callBlobWithProgress, uploadWithProgress } from '../../../lib/api-client';
import { invalidateEndpoints } from '../../../lib/endpoint-keys';
import { formatBytes } from '../transfers/format-bytes';
import { saveFile } from '../../../lib/save-file';
import { transferJobs } from '../transfers/transfer-jobs';

export type CcmFileGroup = 'ccmattachment' | 'ccmconsentform' | 'ccmimaging';

const endpoints = {
  ccmattachment: { upload: ccm.uploadCcmAttachmentFile, download: ccm.downloadCcmAttachmentFile, lists: [ccm.getCcmAttachmentsByCcmRecordId, ccm.getCcmAttachmentsByPatientId] },
  ccmconsentform: { upload: ccm.uploadCcmConsentFormFile, download: ccm.downloadCcmConsentFormFile, lists: [ccm.getCcmConsentFormsByCcmRecordId, ccm.getCcmConsentFormsByPatientId] },
  ccmimaging: { upload: ccm.uploadCcmImagingFile, download: ccm.downloadCcmImagingFile, lists: [ccm.getCcmImagingByCcmRecordId, ccm.getCcmImagingByPatientId] },
} as const;

/** What the file picker offers (the server decides by content: docs/ccm.md "Files"). */
const accept = {
  ccmattachment: 'application/pdf,image/png,image/jpeg,text/plain,text/csv,.txt,.csv',
  ccmconsentform: 'application/pdf,image/png,image/jpeg,text/plain,text/csv,.txt,.csv',
  ccmimaging: 'application/dicom,.dcm,application/pdf,image/png,image/jpeg',
} as const;

/**
 * The file of one CCM attachment, consent form or imaging study (portal-spec.md section 7
 * "ccmattachment, ccmconsentform and ccmimaging carry file blobs"): its name and size, a download
 * (fetched as a blob), and for `canManage` an upload that replaces it. Each transfer is a file
 * transfer job in the tray (`FileTransferTray`, spec section 3); a transfer error marks the job
 * failed with the server's reason (section 4).
 */
export function CcmFileControl({ group, rowId, patientId, file, canManage, label }: { group: CcmFileGroup; rowId: number; patientId: number; file: CcmFile | null; canManage: boolean; label: string }) {
  const { t } = useTranslation('ccmFiles');
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const e = endpoints[group];
  const reason = (err: unknown) => (err instanceof ApiError && err.message ? err.message : t('failed'));

  const upload = async (picked: File | null) => {
    if (!picked) { return; }
    const job = transferJobs.start(patientId, picked.name, 'upload', picked.size);
    setBusy(true);
    try {
      const form = new FormData();
      form.append('file', picked, picked.name);
      await uploadWithProgress(e.upload, { params: { id: rowId }, form }, (done, total) => transferJobs.progress(job, done, total));
      transferJobs.complete(job);
      await invalidateEndpoints(qc, [...e.lists, ccm.getCcmRecordById]);
    } catch (err) {
      transferJobs.fail(job, reason(err));
    } finally {
      setBusy(false);
    }
  };

  const download = async () => {
    if (!file) { return; }
    const job = transferJobs.start(patientId, file.fileName, 'download', file.sizeBytes);
    try {
      const blob = await callBlobWithProgress(e.download, { params: { id: rowId } }, (done, total) => transferJobs.progress(job, done, total));
      transferJobs.complete(job);
      saveFile(blob, file.fileName);
    } catch (err) {
      transferJobs.fail(job, reason(err));
    }
  };

  return (
    <Group gap="xs" wrap="wrap" data-testid={`${group}-file`}>
      {file ? (
        <Button size="compact-xs" variant="subtle" leftSection={<IconDownload size={14} aria-hidden />} onClick={() => void download()} aria-label={t('download', { fileName: file.fileName, label })}>
          {file.fileName} ({formatBytes(file.sizeBytes)})
        </Button>
      ) : (
        <Text size="xs" c="dimmed">
          {t('none')}
        </Text>
      )}
      {canManage && (
        <FileButton onChange={(f) => void upload(f)} accept={accept[group]}>
          {(props) => (
            <Button {...props} size="compact-xs" variant="light" loading={busy} leftSection={<IconUpload size={14} aria-hidden />} aria-label={t(file ? 'replaceLabel' : 'uploadLabel', { label })}>
              {t(file ? 'replace' : 'upload')}
            </Button>
          )}
        </FileButton>
      )}
    </Group>
  );
}
