import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { copyCategoryTemplatesBodySchema, message } from '@vigil/contract';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors, zodValidate } from '../../../lib/forms';
import { currentLang } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import type { OfficeOption } from '../../../lib/offices-in-scope';
import { useCopyTemplates } from '../api/templates';

/**
 * Copies the active templates of one of the user's offices to another
 * (copymedicalnotecategorytemplatefromlocationidtolocationid). Spec section 8: a 403 shows
 * "403 Forbidden Error".
 */
export function CopyTemplatesModal({ opened, onClose, offices, fromHospitalId }: { opened: boolean; onClose: () => void; offices: OfficeOption[]; fromHospitalId: number }) {
  const { t } = useTranslation('medicalNotesCategory');
  return (
    <Modal opened={opened} onClose={onClose} title={t('copy.title')} closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      {opened && <CopyForm offices={offices} fromHospitalId={fromHospitalId} onClose={onClose} />}
    </Modal>
  );
}

function CopyForm({ offices, fromHospitalId, onClose }: { offices: OfficeOption[]; fromHospitalId: number; onClose: () => void }) {
  const { t } = useTranslation('medicalNotesCategory');
  const copy = useCopyTemplates();
  const [error, setError] = useState<string | null>(null);
  const schemaCheck = zodValidate(copyCategoryTemplatesBodySchema);
  const form = useForm({
    initialValues: { fromHospitalId: fromHospitalId > 0 ? fromHospitalId : 0, toHospitalId: 0 },
    validate: (v) => {
      const errors = schemaCheck(v);
      if (!errors.toHospitalId && v.toHospitalId === v.fromHospitalId) { errors.toHospitalId = t('copy.sameOffice'); }
      return errors;
    },
  });
  const options = offices.map((o) => ({ value: String(o.id), label: o.hospitalName }));
  const asSelect = (field: 'fromHospitalId' | 'toHospitalId') => {
    const props = form.getInputProps(field);
    return { ...props, value: form.getValues()[field] ? String(form.getValues()[field]) : null, onChange: (v: string | null) => form.setFieldValue(field, v ? Number(v) : 0) };
  };

  const submit = form.onSubmit((v) => {
    setError(null);
    copy.mutate(v, {
      onSuccess: (r) => {
        notify({
          color: 'teal',
          message: r.skippedTitles.length
            ? t('copy.doneSkipped', { count: r.copied.length, skipped: r.skippedTitles.join(', ') })
            : t('copy.done', { count: r.copied.length }),
        });
        onClose();
      },
      onError: (err) => {
        form.setErrors(serverFieldErrors(err));
        // Spec section 8: on copy a 403 becomes "403 Forbidden Error".
        setError(err instanceof ApiError && err.status === 403 ? t('errors.forbidden403') : err instanceof ApiError ? err.message : message('couldNotUpdate', currentLang()));
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate data-testid="copy-form">
      <Stack gap="md">
        <Text size="sm">{t('copy.text')}</Text>
        {error && (
          <Alert color="red" role="alert" data-testid="copy-error">
            {error}
          </Alert>
        )}
        <Select label={t('copy.from')} data={options} required searchable comboboxProps={{ withinPortal: true }} data-testid="copy-from" {...asSelect('fromHospitalId')} />
        <Select label={t('copy.to')} data={options} required searchable comboboxProps={{ withinPortal: true }} data-testid="copy-to" {...asSelect('toHospitalId')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={copy.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={copy.isPending} data-testid="copy-confirm">
            {t('copy.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
