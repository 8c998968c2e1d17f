import { ActionIcon } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useDownloadCarePlanPdf } from '../api/documents';

/** Downloads a care plan as the PDF the patient receives (GET ccmcareplan/getcareplanpdf). */
export function CarePlanPdfButton({ carePlanId, title }: { carePlanId: number; title: string }) {
  const { t } = useTranslation('ccm');
  const pdf = useDownloadCarePlanPdf();
  return (
    <ActionIcon
      variant="subtle"
      onClick={() => pdf.mutate(carePlanId, { onError: (err) => notify({ color: 'red', message: err instanceof ApiError ? err.message : t('carePlan.pdfFailed') }) })}
      loading={pdf.isPending}
      aria-label={t('carePlan.pdf', { title })}
      data-testid="ccmcareplan-pdf"
    >
      <IconFileTypePdf size={18} aria-hidden />
    </ActionIcon>
  );
}
