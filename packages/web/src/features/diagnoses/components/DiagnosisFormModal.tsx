import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { createDiagnosisBodySchema, diagnosisStatuses, type DiagnosisStatus, type PatientDiagnosis } from '@vigil/contract';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors, zodValidate } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { useDiagnosisMutations } from '../api/diagnoses';
import { Icd10cmSearchBox, type ChosenCode } from './Icd10cmSearchBox';
import { DateField } from '../../../components/DateField';
import { FormModal } from '../../../components/FormModal';

interface FormValues {
  code: ChosenCode | null;
  isPrimary: boolean;
  onsetDate: string;
  status: DiagnosisStatus;
}

const validateBody = zodValidate(createDiagnosisBodySchema);
const toFields = (v: FormValues) => ({ code: v.code?.code ?? '', isPrimary: v.isPrimary, onsetDate: v.onsetDate || null, status: v.status });

/**
 * Add (POST patientdiagnosis) or edit (PUT patientdiagnosis/updatediagnosisforpatient) a diagnosis,
 * also to code an uncoded problem: the ICD-10-CM search box, primary flag, onset date and status.
 * Validated with the contract's schema; the server's refusals (a category, a future onset, a code
 * twice) are shown on their field.
 */
export function DiagnosisFormModal({ opened, onClose, patientId, diagnosis }: { opened: boolean; onClose: () => void; patientId: number; diagnosis: PatientDiagnosis | null }) {
  const { t } = useTranslation('diagnoses');
  const title = diagnosis ? (diagnosis.toBeCoded ? t('form.codeTitle') : t('form.editTitle')) : t('form.addTitle');
  return (
    <FormModal opened={opened} onClose={onClose} title={title} size="lg" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      {opened && <DiagnosisForm patientId={patientId} diagnosis={diagnosis} onClose={onClose} />}
    </FormModal>
  );
}

function DiagnosisForm({ patientId, diagnosis, onClose }: { patientId: number; diagnosis: PatientDiagnosis | null; onClose: () => void }) {
  const { t } = useTranslation('diagnoses');
  const { create, update } = useDiagnosisMutations();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<FormValues>({
    initialValues: {
      code: diagnosis?.code ? { code: diagnosis.code, description: diagnosis.description } : null,
      isPrimary: diagnosis?.isPrimary ?? false,
      onsetDate: diagnosis?.onsetDate ?? '',
      status: diagnosis?.status ?? 'active',
    },
    validate: (v) => validateBody({ patientId, ...toFields(v) }),
  });
  const failed = (err: unknown) => {
    form.setErrors(serverFieldErrors(err));
    setError(err instanceof ApiError ? err.message : t('form.saveFailed'));
  };
  const submit = form.onSubmit((v) => {
    setError(null);
    const fields = toFields(v);
    const done = () => {
      notify({ color: 'teal', message: diagnosis ? t('form.updated') : t('form.added') });
      onClose();
    };
    if (diagnosis) { update.mutate({ id: diagnosis.id, ...fields }, { onSuccess: done, onError: failed }); }
    else { create.mutate({ patientId, ...fields }, { onSuccess: done, onError: failed }); }
  });
  const pending = create.isPending || update.isPending;

  return (
    <form onSubmit={submit} noValidate data-testid="diagnosis-form">
      <Stack gap="md">
        {error && (
          <Alert color="red" role="alert" data-testid="diagnosis-form-error">
            {error}
          </Alert>
        )}
        {diagnosis?.toBeCoded && (
          <Alert color="yellow" title={t('list.toBeCoded')}>
            <Text size="sm">{diagnosis.description}</Text>
            {diagnosis.sourceCode && (
              <Text size="xs" c="dimmed">
                {t('list.source', { system: diagnosis.sourceSystem ?? '', code: diagnosis.sourceCode })}
              </Text>
            )}
          </Alert>
        )}
        <Icd10cmSearchBox value={form.values.code} onChange={(code) => form.setFieldValue('code', code)} error={form.errors.code as string | undefined} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DateField label={t('form.onsetDate')} max={new Date().toISOString().slice(0, 10)} data-testid="diagnosis-onset" {...form.getInputProps('onsetDate')} />
          <Select
            label={t('form.status')}
            data={diagnosisStatuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            allowDeselect={false}
            required
            comboboxProps={{ withinPortal: true }}
            data-testid="diagnosis-status"
            {...form.getInputProps('status')}
          />
        </SimpleGrid>
        <Checkbox label={t('form.isPrimary')} description={t('form.isPrimaryHelp')} data-testid="diagnosis-primary" {...form.getInputProps('isPrimary', { type: 'checkbox' })} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={pending} data-testid="diagnosis-save">
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
