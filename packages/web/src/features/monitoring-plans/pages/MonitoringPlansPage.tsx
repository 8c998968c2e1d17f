import { useEffect, useState } from 'react';
import { Alert, Button, Center, Group, Loader, Modal, Select, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { IconCalendarPlus, IconTemplate, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { createClientMonitoringPlanBodySchema, updateTreatmentPlanBodySchema, type TreatmentPlan } from '@vigil/contract';
import { confirmAction } from '../../../components/confirm';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { useCan } from '../../../lib/can';
import { zodValidate } from '../../../lib/forms';
import { useOfficesInScope } from '../../../lib/offices-in-scope';
import { useSelectedOffice } from '../../../lib/office';
import { useUiState } from '../../../lib/ui-state';
import { useClientMonitoringPlans, useCreateClientMonitoringPlan, useDeleteTreatmentPlan, useDuplicateTreatmentPlan, useUpdateTreatmentPlan } from '../api/monitoring-plans';
import { useOfficePatientOptions } from '../../../lib/shared-reads';
import { AssignedPatients } from '../components/AssignedPatients';
import { ClientPlanCard } from '../components/ClientPlanCard';
import { PatientMonitoringPlanPanel } from '../components/PatientMonitoringPlanPanel';
import { PlanForm } from '../components/PlanForm';
import { planValues, scheduleInput, type PlanValues } from '../components/schedule';
import { notify } from '../../../lib/notify';

const bodyOf = (v: PlanValues) => ({ title: v.title, description: v.description, isDefault: v.isDefault, devices: v.devices.map(scheduleInput) });

/**
 * /monitoringplans: the office's client monitoring plans (templates with device types and
 * measurement times; one is the default new patients can be assigned to), and a patient's own
 * plans (the PatientMonitoringPlanPanel, also shown on /patientdetails/{id}).
 */
export default function MonitoringPlansPage() {
  const { t } = useTranslation('monitoringPlans');
  const selectedOffice = useSelectedOffice();
  const { offices } = useOfficesInScope();
  const canManage = useCan('treatmentPlans.manage');
  const ui = useUiState();
  const [params, setParams] = useSearchParams();
  const [picked, setPicked] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [patient, setPatient] = useState<string | null>(params.get('patient'));
  const tab = params.get('tab') === 'patients' ? 'patients' : 'office';

  // With all offices selected the user picks one (plans are per office); the first by default.
  useEffect(() => {
    if (selectedOffice <= 0 && !picked && offices.length > 0) { setPicked(String(offices[0]!.id)); }
  }, [selectedOffice, picked, offices]);
  const officeId = selectedOffice > 0 ? selectedOffice : picked ? Number(picked) : null;
  const officeName = offices.find((o) => o.id === officeId)?.hospitalName ?? '';

  const plans = useClientMonitoringPlans(officeId);
  const patients = useOfficePatientOptions(officeId);
  const create = useCreateClientMonitoringPlan();
  const update = useUpdateTreatmentPlan();
  const duplicate = useDuplicateTreatmentPlan();
  const remove = useDeleteTreatmentPlan();

  const edit = (plan: TreatmentPlan) =>
    ui.openUpdate(
      t('plan.editTitle', { title: plan.title }),
      <PlanForm
        key={plan.id}
        initial={planValues(plan)}
        showDefault={!plan.isDefault}
        validate={(v) => zodValidate(updateTreatmentPlanBodySchema)(bodyOf(v))}
        onCancel={() => ui.close('update')}
        submitLabel={t('common:actions.save')}
        onSubmit={(v, fail) =>
          update.mutate(
            { id: plan.id, body: { ...bodyOf(v), isDefault: plan.isDefault || v.isDefault } },
            {
              onSuccess: (p) => {
                notify({ color: 'teal', message: t('plan.saved', { title: p.title }) });
                ui.close('update');
              },
              onError: fail,
            },
          )
        }
      />,
    );

  const makeDefault = (plan: TreatmentPlan) => {
    const current = plans.data?.find((p) => p.isDefault);
    confirmAction({
      title: t('plan.makeDefaultTitle'),
      text: current ? t('plan.makeDefaultReplaces', { title: plan.title, current: current.title }) : t('plan.makeDefaultText', { title: plan.title }),
      confirmLabel: t('plan.makeDefault'),
      danger: false,
      onConfirm: () =>
        update.mutate(
          { id: plan.id, body: { title: plan.title, description: plan.description, isDefault: true } },
          {
            onSuccess: () => notify({ color: 'teal', message: t('plan.nowDefault', { title: plan.title }) }),
            onError: (err) => notify({ color: 'red', message: err.message }),
          },
        ),
    });
  };

  const askDuplicate = (plan: TreatmentPlan) =>
    duplicate.mutate(plan.id, {
      onSuccess: (p) => notify({ color: 'teal', message: t('plan.duplicated', { title: p.title }) }),
      onError: (err) => notify({ color: 'red', message: err.message }),
    });

  const askDelete = (plan: TreatmentPlan) =>
    confirmAction({
      title: t('plan.deleteTitle'),
      text: t('plan.deleteText', { title: plan.title, count: plan.assignedPatientsCount }),
      confirmLabel: t('common:actions.delete'),
      onConfirm: () =>
        remove.mutate(plan.id, {
          onSuccess: () => notify({ color: 'teal', message: t('plan.deleted', { title: plan.title }) }),
          onError: (err) => notify({ color: 'red', message: err.message }),
        }),
    });

  const newButton = canManage && (
    <Button leftSection={<IconCalendarPlus size={18} aria-hidden />} onClick={() => setCreating(true)} disabled={!officeId} data-testid="new-client-plan">
      {t('plan.new')}
    </Button>
  );

  let list;
  if (!officeId) { list = <EmptyState text={t('pickOffice')} />; }
  else if (plans.isLoading) {
    list = (
      <Center py="xl">
        <Loader aria-label={t('common:list.loading')} />
      </Center>
    );
  }
  else if (plans.error) {
    list = (
      <Alert color="red" role="alert">
        {plans.error.message}
      </Alert>
    );
  }
  else if (!plans.data || plans.data.length === 0) {
    list = (
      <EmptyState
        text={t('plan.empty')}
        action={
          canManage ? (
            <Button variant="light" onClick={() => setCreating(true)}>
              {t('plan.createFirst')}
            </Button>
          ) : undefined
        }
      />
    );
  }
  else {
    list = (
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {plans.data.map((plan) => (
          <ClientPlanCard
            key={plan.id}
            plan={plan}
            canManage={canManage}
            onEdit={() => edit(plan)}
            onMakeDefault={() => makeDefault(plan)}
            onDuplicate={() => askDuplicate(plan)}
            onDelete={() => askDelete(plan)}
            onPatients={() => ui.openDetails(t('assigned.title', { title: plan.title }), <AssignedPatients key={plan.id} planId={plan.id} officeId={officeId} />)}
          />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} actions={tab === 'office' ? newButton : undefined} />
      {selectedOffice <= 0 && (
        <Group mb="md">
          <Select
            w={280}
            label={t('office')}
            searchable
            allowDeselect={false}
            data={offices.map((o) => ({ value: String(o.id), label: o.hospitalName }))}
            value={picked}
            onChange={(v) => {
              setPicked(v);
              setPatient(null);
            }}
          />
        </Group>
      )}
      <Tabs
        value={tab}
        onChange={(v) => {
          const next = new URLSearchParams(params);
          if (v === 'patients') { next.set('tab', 'patients'); }
          else { next.delete('tab'); }
          setParams(next, { replace: true });
        }}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="office" leftSection={<IconTemplate size={16} aria-hidden />}>
            {t('tabs.office')}
          </Tabs.Tab>
          <Tabs.Tab value="patients" leftSection={<IconUser size={16} aria-hidden />}>
            {t('tabs.patients')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="office">
          <Stack gap="sm">
            {officeId && (
              <Text size="sm" c="dimmed">
                {t('officeHint', { office: officeName })}
              </Text>
            )}
            {list}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="patients">
          <Stack gap="md">
            <Select
              w={{ base: '100%', sm: 340 }}
              label={t('patientPicker')}
              placeholder={t('patientPickerPlaceholder')}
              searchable
              disabled={!officeId}
              nothingFoundMessage={t('noPatients')}
              data={(patients.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
              value={patient}
              onChange={(v) => {
                setPatient(v);
                const next = new URLSearchParams(params);
                if (v) { next.set('patient', v); }
                else { next.delete('patient'); }
                setParams(next, { replace: true });
              }}
            />
            {patient && officeId ? (
              <PatientMonitoringPlanPanel key={patient} patientId={Number(patient)} hospitalId={officeId} />
            ) : (
              <EmptyState text={t('pickPatient')} />
            )}
          </Stack>
        </Tabs.Panel>
      </Tabs>
      <Modal
        opened={creating}
        onClose={() => setCreating(false)}
        title={t('plan.newTitle', { office: officeName })}
        size="xl"
        closeOnClickOutside={false}
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      >
        {officeId && (
          <PlanForm
            initial={{ ...planValues(null), isDefault: !plans.data?.some((p) => p.isDefault) }}
            showDefault
            validate={(v) => zodValidate(createClientMonitoringPlanBodySchema)({ hospitalId: officeId, ...bodyOf(v) })}
            onCancel={() => setCreating(false)}
            submitLabel={t('plan.create')}
            pending={create.isPending}
            onSubmit={(v, fail) =>
              create.mutate(
                { hospitalId: officeId, ...bodyOf(v) },
                {
                  onSuccess: (p) => {
                    notify({ color: 'teal', message: t('plan.created', { title: p.title }) });
                    setCreating(false);
                  },
                  onError: fail,
                },
              )
            }
          />
        )}
      </Modal>
    </>
  );
}
