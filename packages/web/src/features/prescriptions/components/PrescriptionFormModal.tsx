import { useState } from 'react';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  message,
  medicationFrequencies,
  PRESCRIPTION_DOSE_MAX,
  PRESCRIPTION_INSTRUCTIONS_MAX,
  PRESCRIPTION_ROUTE_MAX,
  prescriptionStatuses,
  prescriptionUpdateBodySchema,
  type DuplicateWarning,
  type Prescription,
  type PrescriptionUpdateBody,
} from '@vigil/contract';
import { DateField } from '../../../components/DateField';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors, zodValidate } from '../../../lib/forms';
import { currentLang } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useOfficeToday } from '../../../lib/calendar';
import { useOfficeDoctors, usePrescriptionMutations } from '../api/prescriptions';
import { DrugSearchInput, type SelectedProduct } from './DrugSearchInput';
import { FormModal } from '../../../components/FormModal';

type FormValues = {
  dose: string;
  frequency: string | null;
  route: string;
  startDate: string;
  endDate: string;
  prescriberId: string | null;
  status: PrescriptionUpdateBody['status'];
  instructions: string;
};

/** The form as the contract takes it: an empty end date is "ongoing" (null). */
const toBody = (v: FormValues, product: SelectedProduct | null) => ({
  drugProductId: product?.id as number,
  dose: v.dose,
  frequency: (v.frequency ?? undefined) as PrescriptionUpdateBody['frequency'],
  route: v.route,
  startDate: v.startDate,
  endDate: v.endDate || null,
  prescriberId: v.prescriberId ? Number(v.prescriberId) : (undefined as unknown as number),
  status: v.status,
  instructions: v.instructions,
});
const validateBody = zodValidate(prescriptionUpdateBodySchema);

/**
 * Add (POST patientprescription) or edit (PUT patientprescription/{id}) a prescription. Every field
 * is required with a product chosen from the drug search (spec section 5), except the end date
 * (none: ongoing) and the instructions; checked with the contract's schema, so the browser and the
 * server say the same. A saved active prescription that shares an ingredient with another active one
 * is answered with the duplicate warning, which `onDuplicate` shows.
 */
export function PrescriptionFormModal(props: {
  opened: boolean;
  onClose: () => void;
  patientId: number;
  hospitalId: number;
  prescription: Prescription | null;
  onDuplicate: (w: DuplicateWarning, medicationName: string) => void;
}) {
  const { t } = useTranslation('prescriptions');
  // Read the office (its time zone) while the modal is closed, so the form opens on the office's today.
  useOfficeToday(props.hospitalId);
  return (
    <FormModal opened={props.opened} onClose={props.onClose} title={props.prescription ? t('form.editTitle') : t('form.addTitle')} size="lg" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      {props.opened && <PrescriptionForm {...props} />}
    </FormModal>
  );
}

function PrescriptionForm({ onClose, patientId, hospitalId, prescription: p, onDuplicate }: Parameters<typeof PrescriptionFormModal>[0]) {
  const { t } = useTranslation('prescriptions');
  const { create, update } = usePrescriptionMutations();
  const doctors = useOfficeDoctors(hospitalId);
  const today = useOfficeToday(hospitalId);
  const [error, setError] = useState<string | null>(null);
  const [product, setProduct] = useState<SelectedProduct | null>(p?.drugProductId ? { id: p.drugProductId, label: p.medicationName, routes: p.route ? [p.route] : [] } : null);
  const [productError, setProductError] = useState<string | null>(null);
  const form = useForm<FormValues>({
    initialValues: {
      dose: p?.dose ?? '',
      frequency: p?.frequency ?? null,
      route: p?.route ?? '',
      startDate: p?.startDate ?? today,
      endDate: p?.endDate ?? '',
      prescriberId: p?.prescriberId ? String(p.prescriberId) : null,
      status: p?.status ?? 'ACTIVE',
      instructions: p?.instructions ?? '',
    },
    validate: (v) => {
      const errors = validateBody(toBody(v, product));
      delete errors.drugProductId;
      return errors;
    },
  });
  const pickProduct = (next: SelectedProduct | null) => {
    setProduct(next);
    setProductError(null);
    if (next && next.routes.length > 0 && !next.routes.includes(form.values.route)) { form.setFieldValue('route', next.routes[0]!); }
  };
  const options = (values: readonly string[], group: string) => values.map((value) => ({ value, label: t(`${group}.${value}`) }));

  const failed = (err: unknown) => {
    const fields = serverFieldErrors(err);
    if (fields.drugProductId) { setProductError(fields.drugProductId); }
    form.setErrors(fields);
    setError(err instanceof ApiError ? err.message : t('form.saveFailed'));
  };
  const submit = form.onSubmit((v) => {
    setError(null);
    if (!product) {
      setProductError(message('required', currentLang()));
      return;
    }
    const body = toBody(v, product);
    const done = (saved: Prescription) => {
      notify({ color: 'teal', message: p ? t('form.updated') : t('form.added') });
      if (saved.duplicateWarning) { onDuplicate(saved.duplicateWarning, saved.medicationName); }
      onClose();
    };
    if (p) { update.mutate({ id: p.id, body }, { onSuccess: done, onError: failed }); }
    else { create.mutate({ ...body, patientId, hospitalId }, { onSuccess: done, onError: failed }); }
  });
  const pending = create.isPending || update.isPending;
  const routes = product?.routes ?? [];

  return (
    <form
      onSubmit={(e) => {
        if (!product) { setProductError(message('required', currentLang())); }
        submit(e);
      }}
      noValidate
      data-testid="prescription-form"
    >
      <Stack gap="md">
        {error && (
          <Alert color="red" role="alert" data-testid="prescription-form-error">
            {error}
          </Alert>
        )}
        <DrugSearchInput value={product} onChange={pickProduct} error={productError} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('fields.dose')} placeholder={t('form.dosePlaceholder')} required maxLength={PRESCRIPTION_DOSE_MAX} data-testid="prescription-dose" {...form.getInputProps('dose')} />
          <Select
            label={t('fields.frequency')}
            data={options(medicationFrequencies, 'frequencies')}
            required
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-testid="prescription-frequency"
            {...form.getInputProps('frequency')}
          />
          {routes.length > 0 ? (
            <Select
              label={t('fields.route')}
              data={routes}
              required
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              data-testid="prescription-route"
              {...form.getInputProps('route')}
            />
          ) : (
            <TextInput label={t('fields.route')} required maxLength={PRESCRIPTION_ROUTE_MAX} data-testid="prescription-route" {...form.getInputProps('route')} />
          )}
          <Select
            label={t('fields.prescriber')}
            data={(doctors.data ?? []).map((d) => ({ value: String(d.id), label: `${d.firstName} ${d.lastName}` }))}
            required
            searchable
            nothingFoundMessage={t('form.noDoctors')}
            comboboxProps={{ withinPortal: true }}
            data-testid="prescription-prescriber"
            {...form.getInputProps('prescriberId')}
          />
          <DateField label={t('fields.startDate')} required data-testid="prescription-start" {...form.getInputProps('startDate')} />
          <DateField label={t('fields.endDate')} description={t('form.endHelp')} min={form.values.startDate || undefined} data-testid="prescription-end" {...form.getInputProps('endDate')} />
          <Select label={t('fields.status')} data={options(prescriptionStatuses, 'statuses')} required allowDeselect={false} comboboxProps={{ withinPortal: true }} data-testid="prescription-status" {...form.getInputProps('status')} />
        </SimpleGrid>
        <Textarea label={t('fields.instructions')} autosize minRows={2} maxRows={5} maxLength={PRESCRIPTION_INSTRUCTIONS_MAX} {...form.getInputProps('instructions')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={pending} data-testid="prescription-save">
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
