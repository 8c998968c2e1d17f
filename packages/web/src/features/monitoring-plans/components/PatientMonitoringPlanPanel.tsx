import { useState, type ReactNode } from 'react';
import { ActionIcon, Alert, Badge, Button, Center, Group, Loader, Modal, Paper, Select, Stack, Text, Title, Tooltip, type TitleOrder } from '@mantine/core';
import { IconCalendarPlus, IconCopy, IconInfoCircle, IconPencil, IconPlus, IconStar, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { createTreatmentPlanBodySchema, type TreatmentPlan } from '@vigil/contract';
import { confirmAction } from '../../../components/confirm';
import { deviceTypeTitle } from '../../../components/DeviceTypeIcon';
import { EmptyState } from '../../../components/EmptyState';
import { useCan } from '../../../lib/can';
import { useCalendar } from '../../../lib/calendar';
import { zodValidate } from '../../../lib/forms';
import { useOfficesInScope } from '../../../lib/offices-in-scope';
import { useSelectedOffice } from '../../../lib/office';
import { useActiveTreatmentPlanForPatient, useAssignPatientToDefaultPlan, useClientMonitoringPlans, useCreateTreatmentPlan, useDeassignTreatmentPlanDevice, useDuplicateTreatmentPlan, useTreatmentPlansForPatient } from '../api/monitoring-plans';
import { DeviceScheduleForm } from './DeviceScheduleForm';
import { PlanDevices } from './PlanDevices';
import { PlanForm } from './PlanForm';
import { planValues, scheduleInput, type PlanValues } from './schedule';
import { TitleDescriptionForm } from './TitleDescriptionForm';
import { notify } from '../../../lib/notify';

interface Dialog {
  title: string;
  content: ReactNode;
  size?: string | number;
}

/**
 * A patient's monitoring plan: the active plan with its device types and measurement times, and
 * the previous plans. Staff who manage plans create a new plan (it becomes active and first; the
 * previous one becomes inactive), duplicate one, edit its title and description, add, change or
 * remove device types and times, and assign the patient to the office's default plan.
 *
 * `hospitalId` is the office new plans belong to; without it the active plan's office, then the
 * selected office, is used (and the user picks one when none applies).
 */
export function PatientMonitoringPlanPanel({
  patientId,
  hospitalId,
  headingOrder = 2,
}: {
  patientId: number;
  hospitalId?: number | null;
  headingOrder?: TitleOrder;
}) {
  const { t, i18n } = useTranslation('monitoringPlans');
  const { date } = useCalendar();
  const canManage = useCan('treatmentPlans.manage');
  const selectedOffice = useSelectedOffice();
  const { offices } = useOfficesInScope();
  const active = useActiveTreatmentPlanForPatient(patientId);
  const all = useTreatmentPlansForPatient(patientId);
  const [picked, setPicked] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const create = useCreateTreatmentPlan();
  const duplicate = useDuplicateTreatmentPlan();
  const assignDefault = useAssignPatientToDefaultPlan();
  const deassign = useDeassignTreatmentPlanDevice();

  const plan = active.data ?? null;
  const officeId = hospitalId ?? plan?.hospitalId ?? (selectedOffice > 0 ? selectedOffice : picked ? Number(picked) : null);
  const templates = useClientMonitoringPlans(officeId);
  const defaultPlan = templates.data?.find((p) => p.isDefault) ?? null;
  const history = (all.data ?? []).filter((p) => p.id !== plan?.id);
  const close = () => setDialog(null);
  const typeTitle = (type: string) => deviceTypeTitle(type, i18n.language);
  const replacing = plan ? t('patient.createReplaces', { title: plan.title }) : t('patient.createFirst');

  const openCreate = () => {
    if (!officeId) { return; }
    const validate = (v: PlanValues) =>
      zodValidate(createTreatmentPlanBodySchema)({ patientId, hospitalId: officeId, title: v.title, description: v.description, devices: v.devices.map(scheduleInput) });
    setDialog({
      title: t('patient.newPlanTitle'),
      size: 'xl',
      content: (
        <PlanForm
          initial={planValues(null)}
          validate={validate}
          onCancel={close}
          submitLabel={t('patient.createPlan')}
          note={
            <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
              {replacing}
            </Alert>
          }
          onSubmit={(v, fail) =>
            confirmAction({
              title: t('patient.confirmCreateTitle'),
              text: replacing,
              confirmLabel: t('patient.createPlan'),
              danger: false,
              onConfirm: () =>
                create.mutate(
                  { patientId, hospitalId: officeId, title: v.title, description: v.description, devices: v.devices.map(scheduleInput) },
                  {
                    onSuccess: (p) => {
                      notify({ color: 'teal', message: t('patient.created', { title: p.title }) });
                      close();
                    },
                    onError: fail,
                  },
                ),
            })
          }
        />
      ),
    });
  };

  const askDuplicate = (source: TreatmentPlan) =>
    confirmAction({
      title: t('patient.duplicateTitle'),
      text: t('patient.duplicateText', { title: source.title }) + (plan ? ' ' + t('patient.replaces', { title: plan.title }) : ''),
      confirmLabel: t('patient.duplicate'),
      danger: false,
      onConfirm: () =>
        duplicate.mutate(source.id, {
          onSuccess: (p) => notify({ color: 'teal', message: t('patient.duplicated', { title: p.title }) }),
          onError: (err) => notify({ color: 'red', message: err.message }),
        }),
    });

  const askAssignDefault = () => {
    if (!officeId || !defaultPlan) { return; }
    confirmAction({
      title: t('patient.assignDefaultTitle'),
      text: t('patient.assignDefaultText', { title: defaultPlan.title }) + (plan ? ' ' + t('patient.replaces', { title: plan.title }) : ''),
      confirmLabel: t('patient.assignDefaultConfirm'),
      danger: false,
      onConfirm: () =>
        assignDefault.mutate(
          { patientUserId: patientId, hospitalId: officeId },
          {
            onSuccess: (p) => notify({ color: 'teal', message: t('patient.assignedDefault', { title: p.title }) }),
            onError: (err) => notify({ color: 'red', message: err.message }),
          },
        ),
    });
  };

  const askRemoveDevice = (deviceId: number, type: string) =>
    confirmAction({
      title: t('schedule.removeTitle'),
      text: t('schedule.removeText', { type: typeTitle(type), title: plan?.title ?? '' }),
      confirmLabel: t('schedule.remove'),
      onConfirm: () =>
        deassign.mutate(deviceId, {
          onSuccess: () => notify({ color: 'teal', message: t('schedule.removed', { type: typeTitle(type) }) }),
          onError: (err) => notify({ color: 'red', message: err.message }),
        }),
    });

  const headerActions = canManage && (
    <Group gap="xs" wrap="wrap">
      {!hospitalId && !plan && selectedOffice <= 0 && (
        <Select
          w={220}
          size="xs"
          aria-label={t('patient.office')}
          placeholder={t('patient.office')}
          data={offices.map((o) => ({ value: String(o.id), label: o.hospitalName }))}
          value={picked}
          onChange={setPicked}
        />
      )}
      <Tooltip label={defaultPlan ? t('patient.assignDefaultHint', { title: defaultPlan.title }) : t('patient.noDefault')} withArrow>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconStar size={14} aria-hidden />}
          onClick={askAssignDefault}
          disabled={!defaultPlan}
          loading={assignDefault.isPending}
          data-testid="assign-default-plan"
          h="auto"
          py={6}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
        >
          {t('patient.assignDefault')}
        </Button>
      </Tooltip>
      <Button size="xs" leftSection={<IconCalendarPlus size={14} aria-hidden />} onClick={openCreate} disabled={!officeId} data-testid="new-patient-plan">
        {t('patient.newPlan')}
      </Button>
    </Group>
  );

  let body: ReactNode;
  if (active.isLoading || all.isLoading) {
    body = (
      <Center py="lg">
        <Loader size="sm" aria-label={t('common:list.loading')} />
      </Center>
    );
  } else if (active.error || all.error) {
    body = (
      <Alert color="red" role="alert">
        {(active.error ?? all.error)?.message}
      </Alert>
    );
  } else {
    body = (
      <Stack gap="md">
        {plan ? (
          <Paper withBorder radius="md" p="md" data-testid="active-plan">
            <Stack gap="sm">
              <Group justify="space-between" align="flex-start" wrap="wrap">
                <Stack gap={2}>
                  <Group gap="xs">
                    <Text fw={700}>{plan.title}</Text>
                    <Badge color="teal" variant="light">
                      {t('status.active')}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {t('patient.since', { date: date(plan.createdAt) })}
                  </Text>
                </Stack>
                {canManage && (
                  <Group gap="xs">
                    <Button
                      variant="default"
                      size="xs"
                      leftSection={<IconPencil size={14} aria-hidden />}
                      onClick={() => setDialog({ title: t('patient.editTitle'), content: <TitleDescriptionForm plan={plan} onDone={close} /> })}
                    >
                      {t('patient.editTitleDescription')}
                    </Button>
                    <Button variant="default" size="xs" leftSection={<IconCopy size={14} aria-hidden />} onClick={() => askDuplicate(plan)} loading={duplicate.isPending}>
                      {t('patient.duplicate')}
                    </Button>
                  </Group>
                )}
              </Group>
              {plan.description && <Text size="sm">{plan.description}</Text>}
              <PlanDevices
                devices={plan.devices}
                empty={t('patient.noDevices')}
                actions={
                  canManage
                    ? (d) => (
                        <>
                          <ActionIcon
                            variant="subtle"
                            aria-label={t('schedule.editLabel', { type: typeTitle(d.deviceType) })}
                            onClick={() => setDialog({ title: t('schedule.editTitle', { type: typeTitle(d.deviceType) }), size: 'lg', content: <DeviceScheduleForm plan={plan} device={d} onDone={close} /> })}
                          >
                            <IconPencil size={16} aria-hidden />
                          </ActionIcon>
                          <ActionIcon variant="subtle" color="red" aria-label={t('schedule.removeLabel', { type: typeTitle(d.deviceType) })} onClick={() => askRemoveDevice(d.id, d.deviceType)}>
                            <IconTrash size={16} aria-hidden />
                          </ActionIcon>
                        </>
                      )
                    : undefined
                }
              />
              {canManage && plan.devices.length < 5 && (
                <Group>
                  <Button
                    variant="light"
                    size="xs"
                    leftSection={<IconPlus size={14} aria-hidden />}
                    onClick={() => setDialog({ title: t('schedule.addTitle'), size: 'lg', content: <DeviceScheduleForm plan={plan} onDone={close} /> })}
                    data-testid="add-device-type"
                  >
                    {t('schedule.addDeviceType')}
                  </Button>
                </Group>
              )}
            </Stack>
          </Paper>
        ) : (
          <Paper withBorder radius="md" p="md">
            <EmptyState text={t('patient.noActive')} />
          </Paper>
        )}
        {history.length > 0 && (
          <Stack gap="xs">
            <Title order={(headingOrder + 1) as TitleOrder} fz="sm" c="dimmed" tt="uppercase">
              {t('patient.history')}
            </Title>
            {history.map((p) => (
              <Paper key={p.id} withBorder radius="md" px="md" py="sm" data-testid="history-plan">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Stack gap={2}>
                    <Group gap="xs">
                      <Text fw={600} size="sm">
                        {p.title}
                      </Text>
                      <Badge color="gray" variant="light" size="sm">
                        {p.status === 1 ? t('status.active') : t('status.inactive')}
                      </Badge>
                    </Group>
                    <Text size="xs" c="dimmed">
                      {t('patient.createdOn', { date: date(p.createdAt) })} ·{' '}
                      {p.devices.length === 0 ? t('plan.noDevices') : p.devices.map((d) => `${typeTitle(d.deviceType)} (${d.measurementsCount}×)`).join(', ')}
                    </Text>
                  </Stack>
                  {canManage && (
                    <Button variant="subtle" size="xs" leftSection={<IconCopy size={14} aria-hidden />} onClick={() => askDuplicate(p)}>
                      {t('patient.reuse')}
                    </Button>
                  )}
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="sm" data-testid="patient-plan-panel">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={headingOrder} fz="h4">
          {t('patient.heading')}
        </Title>
        {headerActions}
      </Group>
      {body}
      <Modal
        opened={dialog !== null}
        onClose={close}
        title={dialog?.title}
        size={dialog?.size ?? 'md'}
        closeOnClickOutside={false}
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      >
        {dialog?.content}
      </Modal>
    </Stack>
  );
}
