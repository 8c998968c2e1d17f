import { useEffect, useRef, useState, type MutableRefObject } from 'react';
import { Alert, Badge, Button, Center, Group, Loader, Modal, Radio, Select, SimpleGrid, Stack, Stepper, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconArrowLeft, IconArrowRight, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  createMedicalDeviceBodySchema,
  deviceTypes,
  measurementCatalogue,
  unitLabelIn,
  type CreateMedicalDeviceBody,
  type DeviceType,
  type Lang,
  type MedicalDevice,
  type MedicalDeviceTemplate,
} from '@vigil/contract';
import { confirmAction } from '../../../components/confirm';
import { DetailList } from '../../../components/DetailList';
import { DeviceTypeIcon, deviceTypeTitle } from '../../../components/DeviceTypeIcon';
import { useOfficesInScope } from '../../../lib/offices-in-scope';
import { useSelectedOffice } from '../../../lib/office';
import { stepErrors, useWizard } from '../../../lib/use-wizard';
import { useCreateMedicalDevice, useHubs, usePossibleDevices, useTemplatesByType, useTemplatesByTypeAndManufacturer } from '../api/devices';
import { useOfficePatientOptions } from '../../../lib/shared-reads';
import { OfficeHubSelect, OfficePatientSelect, OfficeSelect } from './pickers';
import { ThresholdFields } from './ThresholdFields';
import { limitsText, overrideCount, thresholdErrors, thresholdValues, toThresholds, type ThresholdValues } from './thresholds';

interface DeviceWizardValues {
  deviceType: DeviceType | null;
  manufacturerId: string;
  templateId: string;
  deviceIdentifier: string;
  hospitalId: string | null;
  patientId: string | null;
  hubId: string | null;
  isManualMeasurement: boolean;
  thresholds: ThresholdValues;
}

const NO_MODEL = 'none';
const ALL_MANUFACTURERS = 'all';
const STEP_FIELDS = [['deviceType'], ['templateId'], ['deviceIdentifier', 'hospitalId', 'patientId', 'hubId', 'isManualMeasurement'], ['deviceDefaultValuesJson'], []] as const;
const THRESHOLDS_STEP = 3;
const REVIEW_STEP = 4;
const DONE = 5;

function toBody(v: DeviceWizardValues): CreateMedicalDeviceBody {
  const overrides = toThresholds(v.thresholds);
  return {
    deviceIdentifier: v.deviceIdentifier,
    deviceType: (v.deviceType ?? undefined) as DeviceType,
    templateId: v.templateId && v.templateId !== NO_MODEL ? Number(v.templateId) : null,
    hospitalId: (v.hospitalId ? Number(v.hospitalId) : undefined) as number,
    patientId: v.patientId ? Number(v.patientId) : null,
    hubId: v.hubId ? Number(v.hubId) : null,
    isManualMeasurement: v.isManualMeasurement,
    ...(Object.keys(overrides).length > 0 ? { deviceDefaultValuesJson: overrides } : {}),
  };
}

function validateStep(step: number, v: DeviceWizardValues, lang: Lang): Record<string, string> {
  if (step === THRESHOLDS_STEP) { return thresholdErrors(v.deviceType, v.thresholds, lang); }
  return stepErrors(createMedicalDeviceBodySchema, toBody(v), STEP_FIELDS[step] ?? []);
}

const stepOfField = (field: string) => Math.max(0, STEP_FIELDS.findIndex((fields) => (fields as readonly string[]).includes(field.split('.')[0]!)));

function TemplateCard({ template, lang }: { template: MedicalDeviceTemplate; lang: string }) {
  const en = lang.startsWith('en');
  return (
    <Radio.Card value={String(template.id)} radius="md" p="sm" data-testid={`template-${template.id}`}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator />
        <Stack gap={2}>
          <Text fw={600} size="sm">
            {template.modelName}
          </Text>
          <Text size="xs" c="dimmed">
            {template.manufacturerName}
          </Text>
          <Group gap={4} mt={4}>
            {template.measurementsJson.map((m) => (
              <Badge key={m.code} variant="light" color="gray" size="sm" style={{ textTransform: 'none' }}>
                {en ? m.label : m.labelEsp} · {unitLabelIn(m.unit, en ? 'en' : 'es')}
              </Badge>
            ))}
          </Group>
        </Stack>
      </Group>
    </Radio.Card>
  );
}

/**
 * The device registration wizard: type -> model (templates of the type, optionally of one
 * manufacturer) -> identity and assignment (office, patient and hub of that office, manual flag)
 * -> thresholds (optional per-device overrides of the office defaults) -> review -> create.
 */
function DeviceWizard({
  onClose,
  onRestart,
  onOpenDevice,
  guard,
  initialHubId,
}: {
  onClose: () => void;
  onRestart: () => void;
  onOpenDevice: (device: MedicalDevice) => void;
  guard: MutableRefObject<string | null>;
  initialHubId?: { hubId: number; hospitalId: number; patientId: number | null };
}) {
  const { t, i18n } = useTranslation('devices');
  const lang: Lang = i18n.language.startsWith('en') ? 'en' : 'es';
  const selectedOffice = useSelectedOffice();
  const { offices } = useOfficesInScope();
  const [created, setCreated] = useState<MedicalDevice | null>(null);
  const create = useCreateMedicalDevice();
  const form = useForm<DeviceWizardValues>({
    initialValues: {
      deviceType: null,
      manufacturerId: ALL_MANUFACTURERS,
      templateId: NO_MODEL,
      deviceIdentifier: '',
      hospitalId: initialHubId ? String(initialHubId.hospitalId) : selectedOffice > 0 ? String(selectedOffice) : null,
      patientId: initialHubId?.patientId ? String(initialHubId.patientId) : null,
      hubId: initialHubId ? String(initialHubId.hubId) : null,
      isManualMeasurement: false,
      thresholds: {},
    },
  });
  const wizard = useWizard({
    form,
    steps: REVIEW_STEP,
    validateStep: (index, values) => validateStep(index, values, lang),
    stepOfField,
    lockedThrough: created ? DONE : -1,
    onRefusal: (err) => {
      if (err.status !== 409) { return undefined; }
      form.setFieldError('deviceIdentifier', err.message);
      return 2;
    },
    fallbackMessage: t('common:list.error'),
  });
  const { active, error } = wizard;
  const v = form.values;
  const officeId = v.hospitalId ? Number(v.hospitalId) : null;
  const possible = usePossibleDevices();
  const manufacturerId = v.manufacturerId === ALL_MANUFACTURERS ? null : Number(v.manufacturerId);
  const byType = useTemplatesByType(v.deviceType, manufacturerId === null);
  const byManufacturer = useTemplatesByTypeAndManufacturer(v.deviceType, manufacturerId);
  const templates = manufacturerId === null ? byType : byManufacturer;
  const patients = useOfficePatientOptions(officeId);
  const hubs = useHubs(officeId, { page: 1, pageSize: 200, sort: 'hubName' }, !!officeId);

  useEffect(() => {
    if (!form.values.hospitalId && offices.length === 1) { form.setFieldValue('hospitalId', String(offices[0]!.id)); }
  // eslint-disable-next-line react-hooks/exhaustive-deps -- picks the only office once the office list arrives; the form is a new object each render (with it, an office the user clears would be picked again)
  }, [offices.length]);

  useEffect(() => {
    if (Object.keys(form.errors).length > 0 && active < DONE) { form.setErrors(validateStep(active, form.values, lang)); }
  // eslint-disable-next-line react-hooks/exhaustive-deps -- revalidates only when the UI language changes, to translate the messages shown; the form is a new object each render and the current step is read as it is (with them, the errors would be recomputed on every render and step change)
  }, [lang]);

  guard.current = !created && form.isDirty() ? t('wizard.closeDirty') : null;

  const types = possible.data?.map((p) => p.deviceType) ?? [...deviceTypes];
  const manufacturers = possible.data?.find((p) => p.deviceType === v.deviceType)?.manufacturers ?? [];
  const template = templates.data?.find((tp) => String(tp.id) === v.templateId);

  const submit = () =>
    void wizard.submit(
      (values) => create.mutateAsync(toBody(values)),
      (device) => {
        setCreated(device);
        wizard.setActive(DONE);
      },
    );

  const chooseType = (value: string) => {
    const type = value as DeviceType;
    if (type === form.values.deviceType) { return; }
    form.setValues({ deviceType: type, manufacturerId: ALL_MANUFACTURERS, templateId: NO_MODEL, thresholds: thresholdValues(type) });
    form.clearErrors();
  };

  const officeName = offices.find((o) => String(o.id) === v.hospitalId)?.hospitalName ?? '';
  const patientName = patients.data?.find((p) => String(p.id) === v.patientId)?.name ?? '';
  const hub = hubs.data?.items.find((h) => String(h.id) === v.hubId);
  const overrides = toThresholds(v.thresholds);
  const overridesText =
    Object.keys(overrides).length === 0
      ? t('thresholds.officeDefaults')
      : v.deviceType
        ? measurementCatalogue[v.deviceType].values
            .filter((val) => overrides[val.code])
            .map((val) => {
              const o = overrides[val.code]!;
              const unit = unitLabelIn(val.unit, lang);
              return `${lang === 'en' ? val.label.en : val.label.es}: ${limitsText(o, unit, t)}`;
            })
            .join('; ')
        : '';

  return (
    <Stack gap="lg" data-testid="device-wizard">
      {error && (
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
          {error}
        </Alert>
      )}
      <Stepper active={active} onStepClick={wizard.goTo} allowNextStepsSelect={false} size="sm" wrap>
        <Stepper.Step label={t('deviceWizard.steps.type')}>
          <Stack gap="sm" pt="md">
            <Radio.Group
              value={v.deviceType ?? ''}
              onChange={chooseType}
              label={t('deviceWizard.typeLabel')}
              withAsterisk
              error={form.errors.deviceType}
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="xs">
                {types.map((type) => {
                  const p = possible.data?.find((x) => x.deviceType === type);
                  return (
                    <Radio.Card key={type} value={type} radius="md" p="sm" data-testid={`type-${type}`}>
                      <Group wrap="nowrap" gap="sm">
                        <Radio.Indicator />
                        <DeviceTypeIcon type={type} size={36} />
                        <Stack gap={0}>
                          <Text fw={600} size="sm">
                            {deviceTypeTitle(type, lang)}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {measurementCatalogue[type].values.map((val) => (lang === 'en' ? val.label.en : val.label.es)).join(', ')}
                            {p ? ` · ${t('deviceWizard.models', { count: p.templateCount })}` : ''}
                          </Text>
                        </Stack>
                      </Group>
                    </Radio.Card>
                  );
                })}
              </SimpleGrid>
            </Radio.Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('deviceWizard.steps.model')}>
          <Stack gap="md" pt="md">
            <Select
              label={t('deviceWizard.manufacturer')}
              w={{ base: '100%', sm: 320 }}
              allowDeselect={false}
              data={[
                { value: ALL_MANUFACTURERS, label: t('deviceWizard.allManufacturers') },
                ...manufacturers.map((m) => ({ value: String(m.manufacturerId), label: m.manufacturerName })),
              ]}
              value={v.manufacturerId}
              onChange={(value) => {
                form.setFieldValue('manufacturerId', value ?? ALL_MANUFACTURERS);
                form.setFieldValue('templateId', NO_MODEL);
              }}
            />
            <Radio.Group value={v.templateId} onChange={(value) => form.setFieldValue('templateId', value)} label={t('deviceWizard.modelLabel')} error={form.errors.templateId}>
              {templates.isLoading ? (
                <Center py="md">
                  <Loader size="sm" aria-label={t('common:list.loading')} />
                </Center>
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="xs">
                  {(templates.data ?? []).map((tp) => (
                    <TemplateCard key={tp.id} template={tp} lang={lang} />
                  ))}
                  <Radio.Card value={NO_MODEL} radius="md" p="sm" data-testid="template-none">
                    <Group wrap="nowrap" align="flex-start" gap="sm">
                      <Radio.Indicator />
                      <Stack gap={2}>
                        <Text fw={600} size="sm">
                          {t('deviceWizard.noModel')}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {t('deviceWizard.noModelHint')}
                        </Text>
                      </Stack>
                    </Group>
                  </Radio.Card>
                </SimpleGrid>
              )}
            </Radio.Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('deviceWizard.steps.assignment')}>
          <Stack gap="md" pt="md">
            <TextInput
              label={t('device.identifier')}
              description={t('deviceWizard.identifierHint')}
              withAsterisk
              autoComplete="off"
              {...form.getInputProps('deviceIdentifier')}
            />
            <OfficeSelect
              label={t('fields.office')}
              withAsterisk
              allowDeselect={false}
              {...form.getInputProps('hospitalId')}
              onChange={(value) => {
                form.setFieldValue('hospitalId', value);
                form.setFieldValue('patientId', null);
                form.setFieldValue('hubId', null);
              }}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <OfficePatientSelect officeId={officeId} label={t('fields.patient')} description={t('deviceWizard.patientHint')} {...form.getInputProps('patientId')} />
              <OfficeHubSelect officeId={officeId} label={t('fields.hub')} description={t('deviceWizard.hubHint')} {...form.getInputProps('hubId')} />
            </SimpleGrid>
            <Switch
              label={t('device.manual')}
              description={t('deviceWizard.manualHint')}
              {...form.getInputProps('isManualMeasurement', { type: 'checkbox' })}
            />
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('deviceWizard.steps.thresholds')} description={t('wizard.optional')}>
          <Stack pt="md">
            {v.deviceType && (
              <ThresholdFields
                deviceType={v.deviceType}
                officeId={officeId}
                values={v.thresholds}
                errors={form.errors}
                onChange={(code, limit, value) => {
                  form.setFieldValue(`thresholds.${code}.${limit}`, value);
                  form.clearFieldError(`deviceDefaultValuesJson.${code}`);
                }}
              />
            )}
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('wizard.review')}>
          <Stack gap="sm" pt="md">
            <Text size="sm" c="dimmed">
              {t('deviceWizard.reviewText')}
            </Text>
            <DetailList
              items={[
                { label: t('device.type'), value: v.deviceType ? deviceTypeTitle(v.deviceType, lang) : '' },
                { label: t('device.model'), value: template ? `${template.manufacturerName} · ${template.modelName}` : t('deviceWizard.noModel') },
                { label: t('device.identifier'), value: v.deviceIdentifier.trim() },
                { label: t('fields.office'), value: officeName },
                { label: t('fields.patient'), value: patientName || t('fields.unassigned') },
                { label: t('fields.hub'), value: hub ? `${hub.hubName} (${hub.hubIdentifier})` : t('fields.unassigned') },
                { label: t('device.manual'), value: v.isManualMeasurement ? t('yes') : t('no') },
                { label: t('thresholds.title'), value: overridesText },
              ]}
            />
          </Stack>
        </Stepper.Step>
        <Stepper.Completed>
          <Stack gap="md" pt="md" data-testid="device-wizard-done">
            <Alert color="teal" icon={<IconCheck size={18} aria-hidden />} title={t('deviceWizard.doneTitle')} role="status">
              {t('deviceWizard.doneText', { identifier: created?.deviceIdentifier ?? '', type: created ? deviceTypeTitle(created.deviceType, lang) : '' })}
            </Alert>
          </Stack>
        </Stepper.Completed>
      </Stepper>
      <Group justify="space-between">
        {active === DONE ? (
          <>
            <Button variant="default" onClick={onRestart}>
              {t('deviceWizard.another')}
            </Button>
            <Group gap="sm">
              <Button variant="default" onClick={onClose}>
                {t('common:actions.close')}
              </Button>
              <Button onClick={() => created && onOpenDevice(created)}>{t('deviceWizard.openDevice')}</Button>
            </Group>
          </>
        ) : (
          <>
            <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={wizard.back} disabled={active === 0}>
              {t('common:actions.back')}
            </Button>
            <Group gap="sm">
              {active === THRESHOLDS_STEP && overrideCount(v.thresholds) === 0 && (
                <Text size="sm" c="dimmed">
                  {t('thresholds.noneSet')}
                </Text>
              )}
              {active === REVIEW_STEP ? (
                <Button leftSection={<IconCheck size={16} aria-hidden />} onClick={submit} loading={wizard.pending} data-testid="wizard-submit">
                  {t('deviceWizard.submit')}
                </Button>
              ) : (
                <Button rightSection={<IconArrowRight size={16} aria-hidden />} onClick={wizard.next} data-testid="wizard-next">
                  {t('common:actions.next')}
                </Button>
              )}
            </Group>
          </>
        )}
      </Group>
    </Stack>
  );
}

/** The device wizard in a modal; closing asks first when something would be lost. */
export function DeviceWizardModal({
  opened,
  onClose,
  onOpenDevice,
  hub,
}: {
  opened: boolean;
  onClose: () => void;
  onOpenDevice: (device: MedicalDevice) => void;
  /** Registers the device on this hub (its office and patient preselected). */
  hub?: { hubId: number; hospitalId: number; patientId: number | null };
}) {
  const { t } = useTranslation('devices');
  const [key, setKey] = useState(0);
  const guard = useRef<string | null>(null);
  const small = useMediaQuery('(max-width: 48em)');
  const close = () => {
    guard.current = null;
    setKey((k) => k + 1);
    onClose();
  };
  const requestClose = () => {
    if (!guard.current) { return close(); }
    confirmAction({ title: t('wizard.closeTitle'), text: guard.current, confirmLabel: t('wizard.closeConfirm'), onConfirm: close });
  };
  return (
    <Modal
      opened={opened}
      onClose={requestClose}
      size={900}
      fullScreen={small}
      title={t('deviceWizard.title')}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <DeviceWizard
        key={key}
        guard={guard}
        initialHubId={hub}
        onClose={close}
        onRestart={() => setKey((k) => k + 1)}
        onOpenDevice={(device) => {
          close();
          onOpenDevice(device);
        }}
      />
    </Modal>
  );
}
