import { useState } from 'react';
import { Alert, Button, Group, MultiSelect, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { offices, surveyRecurrenceRuleKeys, treatmentPlans, type SurveyRecurrenceRuleKey } from '@vigil/contract';
import { ApiError } from '../../../lib/api-client';
import { useEndpointQuery } from '../../../lib/endpoint-query';
import { notify } from '../../../lib/notify';
import { useAssignToPatient, useAssignToPatients, useAssignToPlan, useOfficeTemplateOptions } from '../api/surveys';
import { nameIn } from '../format';
import { DateField } from '../../../components/DateField';
import { FormModal } from '../../../components/FormModal';

export type AssignTarget = { kind: 'patient'; patientId: number; patientName: string } | { kind: 'patients' } | { kind: 'plan' };

interface Values {
  templateId: string | null;
  recurrenceRule: SurveyRecurrenceRuleKey;
  startDate: string;
  endDate: string;
  dueTime: string;
  patientIds: string[];
  treatmentPlanId: string | null;
}

/**
 * Assigns a template on a schedule (SURVEY_RECURRENCER_RULE, computed by the server in the office's
 * time zone): to one patient (POST survey/assignsurveytemplatetopatient), to several
 * (…tomultiplepatients, all or none) or to a client monitoring plan (…toclientmonitoringplan: every
 * patient of the plan, now and later). Dates are the office's local dates.
 */
export function AssignModal({ opened, onClose, hospitalId, target, templateId }: { opened: boolean; onClose: () => void; hospitalId: number; target: AssignTarget; templateId?: number }) {
  const { t } = useTranslation('surveys');
  const title = target.kind === 'patient' ? t('assign.titlePatient', { name: target.patientName }) : target.kind === 'plan' ? t('assign.titlePlan') : t('assign.titlePatients');
  return (
    <FormModal opened={opened} onClose={onClose} title={title} size="lg" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      {opened && <AssignForm hospitalId={hospitalId} target={target} templateId={templateId} onClose={onClose} />}
    </FormModal>
  );
}

function AssignForm({ hospitalId, target, templateId, onClose }: { hospitalId: number; target: AssignTarget; templateId?: number; onClose: () => void }) {
  const { t, i18n } = useTranslation('surveys');
  const templates = useOfficeTemplateOptions(hospitalId);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const patients = useEndpointQuery(
    offices.findOfficePatientsV4,
    { headers: { hospitalid: hospitalId }, query: { page: 1, pageSize: 50, sort: 'lastName', search: debounced || undefined } },
    { enabled: target.kind === 'patients' && hospitalId > 0 },
  );
  const plans = useEndpointQuery(treatmentPlans.getRelatedClientMonitoringPlans, { headers: { hospitalid: hospitalId } }, { enabled: target.kind === 'plan' && hospitalId > 0 });
  const [picked, setPicked] = useState<Map<string, string>>(new Map());
  const one = useAssignToPatient();
  const many = useAssignToPatients();
  const plan = useAssignToPlan();
  const [error, setError] = useState<string | null>(null);

  const form = useForm<Values>({
    initialValues: { templateId: templateId ? String(templateId) : null, recurrenceRule: 'MONTHLY', startDate: '', endDate: '', dueTime: '09:00', patientIds: [], treatmentPlanId: null },
    validate: {
      templateId: (v) => (v ? null : t('answer.required')),
      patientIds: (v) => (target.kind === 'patients' && v.length === 0 ? t('answer.required') : null),
      treatmentPlanId: (v) => (target.kind === 'plan' && !v ? t('answer.required') : null),
      endDate: (v, all) => (v && all.startDate && v < all.startDate ? t('assign.endBeforeStart') : null),
    },
  });

  const patientOptions = [
    ...[...picked.entries()].map(([value, label]) => ({ value, label })),
    ...(patients.data?.items ?? []).filter((p) => !picked.has(String(p.id))).map((p) => ({ value: String(p.id), label: `${p.lastName}, ${p.firstName}` })),
  ];

  const submit = form.onSubmit((v) => {
    setError(null);
    const schedule = {
      templateId: Number(v.templateId),
      recurrenceRule: v.recurrenceRule,
      startDate: v.startDate || undefined,
      endDate: v.endDate || null,
      dueTime: v.dueTime || '09:00',
    };
    const done = () => {
      notify({ color: 'teal', message: t('assign.done') });
      onClose();
    };
    const failed = (err: unknown) => {
      if (err instanceof ApiError) { form.setErrors(err.fieldErrors); }
      setError(err instanceof Error ? err.message : t('errors.saveFailed'));
    };
    if (target.kind === 'patient') { one.mutate({ ...schedule, patientId: target.patientId }, { onSuccess: done, onError: failed }); }
    else if (target.kind === 'patients') { many.mutate({ patientIds: v.patientIds.map(Number), body: schedule }, { onSuccess: done, onError: failed }); }
    else { plan.mutate({ ...schedule, treatmentPlanId: Number(v.treatmentPlanId) }, { onSuccess: done, onError: failed }); }
  });
  const pending = one.isPending || many.isPending || plan.isPending;
  const lang = i18n.language;

  return (
    <form onSubmit={submit} noValidate data-testid="assign-form">
      <Stack gap="md">
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Select
          label={t('assign.template')}
          required
          searchable
          data-autofocus
          data={(templates.data ?? []).map((tpl) => ({
            value: String(tpl.id),
            label: `${nameIn(tpl, lang)}${tpl.hospitalId === null ? ` · ${t('templates.library')}` : ''}`,
          }))}
          disabled={templates.isLoading}
          comboboxProps={{ withinPortal: true }}
          data-testid="assign-template"
          {...form.getInputProps('templateId')}
        />
        {target.kind === 'patients' && (
          <MultiSelect
            label={t('assign.patients')}
            required
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            data={patientOptions}
            nothingFoundMessage={t('common:list.noResults')}
            comboboxProps={{ withinPortal: true }}
            data-testid="assign-patients"
            {...form.getInputProps('patientIds')}
            onChange={(ids) => {
              const labels = new Map(patientOptions.map((o) => [o.value, o.label]));
              setPicked(new Map(ids.map((id) => [id, labels.get(id) ?? id])));
              form.setFieldValue('patientIds', ids);
            }}
          />
        )}
        {target.kind === 'plan' && (
          <Select
            label={t('assign.plan')}
            description={t('assign.planHelp')}
            required
            data={(plans.data ?? []).map((p) => ({ value: String(p.id), label: p.title }))}
            disabled={plans.isLoading}
            comboboxProps={{ withinPortal: true }}
            data-testid="assign-plan"
            {...form.getInputProps('treatmentPlanId')}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('assign.recurrence')}
            required
            allowDeselect={false}
            data={surveyRecurrenceRuleKeys.map((k) => ({ value: k, label: t(`recurrence.${k}`) }))}
            comboboxProps={{ withinPortal: true }}
            data-testid="assign-recurrence"
            {...form.getInputProps('recurrenceRule')}
          />
          <TextInput label={t('assign.dueTime')} type="time" {...form.getInputProps('dueTime')} />
          {/* Native date fields until the shared DateField component lands. */}
          <DateField label={t('assign.startDate')} description={t('assign.startDateHelp')} {...form.getInputProps('startDate')} />
          <DateField label={t('assign.endDate')} description={t('assign.endDateHelp')} {...form.getInputProps('endDate')} />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t('assign.timeZoneNote')}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={pending} data-testid="assign-save">
            {t('assign.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
