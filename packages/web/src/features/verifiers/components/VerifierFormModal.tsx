import { useState } from 'react';
import { Alert, Autocomplete, Button, Group, NumberInput, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { verifierBodySchema, type Verifier, type VerifierBody } from '@vigil/contract';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors, zodValidate } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { useCreateVerifier, useUpdateVerifier } from '../api/verifiers';
import { FormModal } from '../../../components/FormModal';

interface FormValues {
  rvDomain: string;
  lowValue: string;
  highValue: string;
  longDescription: string;
  longDescriptionEsp: string;
  parentLowValue: string;
  sortOrder: number;
  status: number;
}

/** The body the form sends: trimmed texts (the contract's verifierBodySchema validates it in the browser and on the server). */
function toBody(v: FormValues): VerifierBody {
  return {
    rvDomain: v.rvDomain.trim(),
    lowValue: v.lowValue.trim(),
    highValue: v.highValue.trim(),
    longDescription: v.longDescription.trim(),
    longDescriptionEsp: v.longDescriptionEsp.trim(),
    parentLowValue: v.parentLowValue.trim(),
    sortOrder: v.sortOrder,
    status: v.status,
  };
}

/**
 * Create (POST verifier) or edit (PUT verifier/{id}) a reference value (portal-spec.md section 3
 * "Verifier": rvDomain, lowValue, longDescription, longDescriptionEsp; plus highValue,
 * parentLowValue, sortOrder and status). `domains` are offered for the domain; a new name may be typed.
 */
export function VerifierFormModal({ opened, onClose, verifier, domains, defaultDomain }: { opened: boolean; onClose: () => void; verifier: Verifier | null; domains: string[]; defaultDomain: string }) {
  const { t } = useTranslation('verifiers');
  return (
    <FormModal opened={opened} onClose={onClose} title={verifier ? t('form.editTitle') : t('form.createTitle')} size="lg" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      {opened && <VerifierForm verifier={verifier} domains={domains} defaultDomain={defaultDomain} onClose={onClose} />}
    </FormModal>
  );
}

function VerifierForm({ verifier, domains, defaultDomain, onClose }: { verifier: Verifier | null; domains: string[]; defaultDomain: string; onClose: () => void }) {
  const { t } = useTranslation('verifiers');
  const create = useCreateVerifier();
  const update = useUpdateVerifier();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<FormValues>({
    initialValues: {
      rvDomain: verifier?.rvDomain ?? defaultDomain,
      lowValue: verifier?.lowValue ?? '',
      highValue: verifier?.highValue ?? '',
      longDescription: verifier?.longDescription ?? '',
      longDescriptionEsp: verifier?.longDescriptionEsp ?? '',
      parentLowValue: verifier?.parentLowValue ?? '',
      sortOrder: verifier?.sortOrder ?? 0,
      status: verifier?.status ?? 1,
    },
    validate: (v) => zodValidate(verifierBodySchema)(toBody(v)),
  });

  const failed = (err: unknown) => {
    form.setErrors(serverFieldErrors(err));
    setError(err instanceof ApiError ? err.message : t('errors.saveFailed'));
  };
  const submit = form.onSubmit((v) => {
    setError(null);
    const body = toBody(v);
    const done = () => {
      notify({ color: 'teal', message: verifier ? t('form.updated') : t('form.created') });
      onClose();
    };
    if (verifier) { update.mutate({ id: verifier.id, body }, { onSuccess: done, onError: failed }); }
    else { create.mutate(body, { onSuccess: done, onError: failed }); }
  });
  const pending = create.isPending || update.isPending;

  return (
    <form onSubmit={submit} noValidate data-testid="verifier-form">
      <Stack gap="md">
        {error && (
          <Alert color="red" role="alert" data-testid="verifier-form-error">
            {error}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Autocomplete label={t('fields.rvDomain')} description={t('fields.rvDomainHelp')} required data={domains} maxLength={50} data-testid="verifier-domain" {...form.getInputProps('rvDomain')} />
          <TextInput label={t('fields.lowValue')} required maxLength={50} data-autofocus data-testid="verifier-low-value" {...form.getInputProps('lowValue')} />
        </SimpleGrid>
        <Textarea label={t('fields.longDescription')} required autosize minRows={2} maxLength={500} data-testid="verifier-description" {...form.getInputProps('longDescription')} />
        <Textarea label={t('fields.longDescriptionEsp')} autosize minRows={2} maxLength={500} data-testid="verifier-description-es" {...form.getInputProps('longDescriptionEsp')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput label={t('fields.highValue')} maxLength={100} {...form.getInputProps('highValue')} />
          <TextInput label={t('fields.parentLowValue')} maxLength={50} {...form.getInputProps('parentLowValue')} />
          <NumberInput label={t('fields.sortOrder')} min={0} max={1_000_000} allowDecimal={false} {...form.getInputProps('sortOrder')} onChange={(v) => form.setFieldValue('sortOrder', typeof v === 'number' ? v : 0)} />
        </SimpleGrid>
        <Switch label={t('fields.active')} checked={form.values.status === 1} onChange={(e) => form.setFieldValue('status', e.currentTarget.checked ? 1 : 0)} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={pending} data-testid="verifier-save">
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
