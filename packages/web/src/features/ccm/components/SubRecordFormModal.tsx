import { useState } from 'react';
import { ActionIcon, Alert, Button, Checkbox, Fieldset, Group, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DateField } from '../../../components/DateField';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors, zodValidate } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { useOfficeToday } from '../../../lib/calendar';
import { useDiagnosisList } from '../../diagnoses';
import { usePrescriptionList } from '../../prescriptions';
import { useSubRecordMutations, type SubRecordGroupDecl } from '../api/sub-records';
import { initialValues, optionChoices, toBody, type FieldSpec } from '../sections/fields';
import { FormModal } from '../../../components/FormModal';

type Values = Record<string, unknown>;
type Form = UseFormReturnType<Values>;

/**
 * Add (POST <group>) or edit (PUT <group>/{id}) a row of a CCM sub-record group, with the form
 * its field description gives. The body is checked with the contract's schema in the browser and
 * on the server (same messages, spec section 5); the server's field errors land on their fields.
 */
export function SubRecordFormModal(props: {
  group: SubRecordGroupDecl<unknown, unknown> & { updateBody: z.ZodType };
  fields: FieldSpec[];
  opened: boolean;
  onClose: () => void;
  ccmRecordId: number;
  patientId: number;
  hospitalId: number;
  row: Values | null;
}) {
  const { t } = useTranslation('ccm');
  const slug = props.group.slug;
  // Read the office (its time zone) while the modal is closed, so the form opens on the office's today.
  useOfficeToday(props.hospitalId);
  return (
    <FormModal
      opened={props.opened}
      onClose={props.onClose}
      title={props.row ? t(`groups.${slug}.editTitle`) : t(`groups.${slug}.addTitle`)}
      size={slug === 'ccmcareplan' ? 'xl' : 'lg'}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {props.opened && <SubRecordForm {...props} />}
    </FormModal>
  );
}

function SubRecordForm({ group, fields, onClose, ccmRecordId, patientId, hospitalId, row }: Parameters<typeof SubRecordFormModal>[0]) {
  const { t } = useTranslation('ccm');
  const { create, update } = useSubRecordMutations(group);
  const [error, setError] = useState<string | null>(null);
  const validateBody = zodValidate(group.updateBody as z.ZodType<unknown, Values>);
  const today = useOfficeToday(hospitalId);
  const form = useForm<Values>({
    initialValues: initialValues(fields, row, today),
    validate: (v) => validateBody(toBody(fields, v)),
  });
  const failed = (err: unknown) => {
    form.setErrors(serverFieldErrors(err));
    setError(err instanceof ApiError ? err.message : t('sections.saveFailed'));
  };
  const submit = form.onSubmit((v) => {
    setError(null);
    const body = toBody(fields, v);
    const done = () => {
      notify({ color: 'teal', message: row ? t('sections.updated') : t('sections.added') });
      onClose();
    };
    if (row) { update.mutate({ id: Number(row.id), body }, { onSuccess: done, onError: failed }); }
    else { create.mutate({ ...body, ccmRecordId }, { onSuccess: done, onError: failed }); }
  });
  const pending = create.isPending || update.isPending;

  return (
    <form onSubmit={submit} noValidate data-testid={`${group.slug}-form`}>
      <Stack gap="md">
        {error && (
          <Alert color="red" role="alert" data-testid={`${group.slug}-form-error`}>
            {error}
          </Alert>
        )}
        <FieldList slug={group.slug} fields={fields} form={form} prefix="" patientId={patientId} hospitalId={hospitalId} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={pending} data-testid={`${group.slug}-save`}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function FieldList({ slug, fields, form, prefix, patientId, hospitalId }: { slug: string; fields: FieldSpec[]; form: Form; prefix: string; patientId: number; hospitalId: number }) {
  const wide = (f: FieldSpec) => f.kind === 'textarea' || f.kind === 'items';
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {fields
          .filter((f) => !wide(f))
          .map((f) => (
            <FieldInput key={f.name} slug={slug} field={f} form={form} path={prefix + f.name} patientId={patientId} hospitalId={hospitalId} />
          ))}
      </SimpleGrid>
      {fields.filter(wide).map((f) => (
        <FieldInput key={f.name} slug={slug} field={f} form={form} path={prefix + f.name} patientId={patientId} hospitalId={hospitalId} />
      ))}
    </Stack>
  );
}

function FieldInput({ slug, field: f, form, path, patientId, hospitalId }: { slug: string; field: FieldSpec; form: Form; path: string; patientId: number; hospitalId: number }) {
  const { t, i18n } = useTranslation('ccm');
  const today = useOfficeToday(hospitalId);
  const label = t(`fields.${slug}.${f.name}`);
  const testId = `${slug}-${path.replace(/\./g, '-')}`;
  const props = { label, 'data-testid': testId, ...form.getInputProps(path) };
  const combobox = { withinPortal: true };
  switch (f.kind) {
    case 'text':
      return <TextInput {...props} required={f.required} maxLength={f.max} />;
    case 'textarea':
      return <Textarea {...props} required={f.required} maxLength={f.max} autosize minRows={2} maxRows={8} />;
    case 'date':
      return <DateField {...props} required={f.required} max={f.future ? undefined : today} />;
    case 'datetime':
      return <TextInput {...props} type="datetime-local" required={f.required} />;
    case 'number':
      return <NumberInput {...props} required={f.required} allowDecimal={!f.integer} min={0} />;
    case 'boolean':
      return <Checkbox {...form.getInputProps(path, { type: 'checkbox' })} label={label} data-testid={testId} mt="lg" />;
    case 'select':
      return <Select {...props} data={optionChoices(f.list, i18n.language)} required={f.required} clearable={!f.required} allowDeselect={!f.required} searchable comboboxProps={combobox} />;
    case 'enum':
      return (
        <Select {...props} data={f.values.map((v) => ({ value: v, label: t(`values.${v}`) }))} required={f.required} clearable={!f.required} allowDeselect={!f.required} comboboxProps={combobox} />
      );
    case 'diagnosis':
      return <DiagnosisPicker props={props} patientId={patientId} />;
    case 'prescription':
      return <PrescriptionPicker props={props} patientId={patientId} hospitalId={hospitalId} />;
    case 'items':
      return <ItemsInput slug={slug} field={f} form={form} path={path} patientId={patientId} hospitalId={hospitalId} />;
  }
}

function ItemsInput({ slug, field, form, path, patientId, hospitalId }: { slug: string; field: Extract<FieldSpec, { kind: 'items' }>; form: Form; path: string; patientId: number; hospitalId: number }) {
  const { t } = useTranslation('ccm');
  const items = (form.getValues()[path] as Values[] | undefined) ?? [];
  const error = form.errors[path];
  return (
    <Fieldset legend={t(`fields.${slug}.${field.name}`)} data-testid={`${slug}-${path}`}>
      <Stack gap="sm">
        {items.map((_, i) => (
          <Group key={i} align="flex-start" wrap="nowrap" gap="xs">
            <div style={{ flex: 1 }}>
              <FieldList slug={slug} fields={field.fields} form={form} prefix={`${path}.${i}.`} patientId={patientId} hospitalId={hospitalId} />
            </div>
            <ActionIcon variant="subtle" color="red" mt="xl" onClick={() => form.removeListItem(path, i)} aria-label={t('sections.removeItem', { n: i + 1 })} data-testid={`${slug}-${path}-remove-${i}`}>
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        {error && (
          <Alert color="red" role="alert" p="xs">
            {error}
          </Alert>
        )}
        <Group>
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => form.insertListItem(path, { ...field.blank })} data-testid={`${slug}-${path}-add`}>
            {t(`fields.${slug}.${field.name}Add`)}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}

function DiagnosisPicker({ props, patientId }: { props: Record<string, unknown>; patientId: number }) {
  const { t } = useTranslation('ccm');
  const list = useDiagnosisList(patientId);
  const data = (list.data?.items ?? []).map((d) => ({ value: String(d.id), label: d.code ? `${d.code} ${d.description}` : d.description }));
  return <Select {...props} data={data} required searchable nothingFoundMessage={t('sections.noDiagnoses')} comboboxProps={{ withinPortal: true }} />;
}

function PrescriptionPicker({ props, patientId, hospitalId }: { props: Record<string, unknown>; patientId: number; hospitalId: number }) {
  const { t } = useTranslation('ccm');
  const list = usePrescriptionList(patientId, 'all', 1, 100, true);
  const data = (list.data?.items ?? []).filter((p) => p.hospitalId === hospitalId).map((p) => ({ value: String(p.id), label: p.medicationName }));
  return <Select {...props} data={data} required searchable nothingFoundMessage={t('sections.noPrescriptions')} comboboxProps={{ withinPortal: true }} />;
}
