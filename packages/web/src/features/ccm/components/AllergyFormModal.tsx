import { useState } from 'react';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  ALLERGEN_MAX,
  ALLERGY_NOTES_MAX,
  ALLERGY_REACTION_MAX,
  allergenCategories,
  allergenCodeSystems,
  allergySeverities,
  allergyStatuses,
  ccmAllergyGroup,
  type CcmAllergyFields,
} from '@vigil/contract';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors, zodValidate } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { useOfficeToday } from '../../../lib/calendar';
import { useSubRecordMutations } from '../api/sub-records';
import type { CcmAllergy } from './AllergySection';
import { DateField } from '../../../components/DateField';
import { FormModal } from '../../../components/FormModal';

type FormValues = {
  allergen: string;
  allergenCodeSystem: CcmAllergyFields['allergenCodeSystem'];
  allergenCode: string;
  category: CcmAllergyFields['category'];
  reaction: string;
  severity: string | null;
  onsetDate: string;
  status: CcmAllergyFields['status'];
  notes: string;
};

/** The form as the contract takes it: an empty date or severity is "not known" (null). */
const toBody = (v: FormValues) => ({
  ...v,
  allergenCode: v.allergenCodeSystem === 'TEXT' ? '' : v.allergenCode,
  severity: (v.severity || null) as CcmAllergyFields['severity'],
  onsetDate: v.onsetDate || null,
});
const validateBody = zodValidate(ccmAllergyGroup.updateBody);

/**
 * Add (POST ccmallergy) or edit (PUT ccmallergy/{id}) an allergy of a CCM record. Validated with
 * the contract's schema, so the browser and the server give the same message (spec section 5).
 */
export function AllergyFormModal({ opened, onClose, ccmRecordId, hospitalId, allergy }: { opened: boolean; onClose: () => void; ccmRecordId: number; hospitalId: number; allergy: CcmAllergy | null }) {
  // Read the office (its time zone) while the modal is closed: the onset date is capped at the office's today.
  useOfficeToday(hospitalId);
  const { t } = useTranslation('ccm');
  return (
    <FormModal opened={opened} onClose={onClose} title={allergy ? t('allergies.editTitle') : t('allergies.addTitle')} size="lg" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      {opened && <AllergyForm ccmRecordId={ccmRecordId} hospitalId={hospitalId} allergy={allergy} onClose={onClose} />}
    </FormModal>
  );
}

function AllergyForm({ ccmRecordId, hospitalId, allergy, onClose }: { ccmRecordId: number; hospitalId: number; allergy: CcmAllergy | null; onClose: () => void }) {
  const { t } = useTranslation('ccm');
  const today = useOfficeToday(hospitalId);
  const { create, update } = useSubRecordMutations(ccmAllergyGroup);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<FormValues>({
    initialValues: {
      allergen: allergy?.allergen ?? '',
      allergenCodeSystem: allergy?.allergenCodeSystem ?? 'TEXT',
      allergenCode: allergy?.allergenCode ?? '',
      category: allergy?.category ?? 'MEDICATION',
      reaction: allergy?.reaction ?? '',
      severity: allergy?.severity ?? null,
      onsetDate: allergy?.onsetDate ?? '',
      status: allergy?.status ?? 'ACTIVE',
      notes: allergy?.notes ?? '',
    },
    validate: (v) => validateBody(toBody(v)),
  });
  const options = (values: readonly string[], group: string) => values.map((value) => ({ value, label: t(`${group}.${value}`) }));

  const failed = (err: unknown) => {
    form.setErrors(serverFieldErrors(err));
    setError(err instanceof ApiError ? err.message : t('allergies.saveFailed'));
  };
  const submit = form.onSubmit((v) => {
    setError(null);
    const body = toBody(v);
    const done = () => {
      notify({ color: 'teal', message: allergy ? t('allergies.updated') : t('allergies.added') });
      onClose();
    };
    if (allergy) { update.mutate({ id: allergy.id, body }, { onSuccess: done, onError: failed }); }
    else { create.mutate({ ...body, ccmRecordId }, { onSuccess: done, onError: failed }); }
  });
  const pending = create.isPending || update.isPending;
  const coded = form.values.allergenCodeSystem !== 'TEXT';

  return (
    <form onSubmit={submit} noValidate data-testid="allergy-form">
      <Stack gap="md">
        {error && (
          <Alert color="red" role="alert" data-testid="allergy-form-error">
            {error}
          </Alert>
        )}
        <TextInput label={t('allergies.fields.allergen')} required maxLength={ALLERGEN_MAX} data-autofocus data-testid="allergy-allergen" {...form.getInputProps('allergen')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('allergies.fields.codeSystem')}
            data={options(allergenCodeSystems, 'codeSystems')}
            allowDeselect={false}
            required
            comboboxProps={{ withinPortal: true }}
            data-testid="allergy-code-system"
            {...form.getInputProps('allergenCodeSystem')}
          />
          <TextInput
            label={t('allergies.fields.code')}
            description={coded ? t(`allergies.codeHelp.${form.values.allergenCodeSystem}`) : undefined}
            required={coded}
            disabled={!coded}
            maxLength={18}
            inputMode="numeric"
            data-testid="allergy-code"
            {...form.getInputProps('allergenCode')}
          />
          <Select label={t('allergies.fields.category')} data={options(allergenCategories, 'categories')} allowDeselect={false} required comboboxProps={{ withinPortal: true }} {...form.getInputProps('category')} />
          <Select
            label={t('allergies.fields.severity')}
            data={options(allergySeverities, 'severities')}
            clearable
            placeholder={t('allergies.unknown')}
            comboboxProps={{ withinPortal: true }}
            data-testid="allergy-severity"
            {...form.getInputProps('severity')}
          />
          <TextInput label={t('allergies.fields.reaction')} maxLength={ALLERGY_REACTION_MAX} data-testid="allergy-reaction" {...form.getInputProps('reaction')} />
          <DateField label={t('allergies.fields.onsetDate')} max={today} {...form.getInputProps('onsetDate')} />
          <Select label={t('allergies.fields.status')} data={options(allergyStatuses, 'statuses')} allowDeselect={false} required comboboxProps={{ withinPortal: true }} data-testid="allergy-status" {...form.getInputProps('status')} />
        </SimpleGrid>
        <Textarea label={t('allergies.fields.notes')} autosize minRows={2} maxRows={6} maxLength={ALLERGY_NOTES_MAX} {...form.getInputProps('notes')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={pending} data-testid="allergy-save">
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
