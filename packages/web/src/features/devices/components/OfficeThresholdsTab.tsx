import { useState } from 'react';
import { Accordion, Alert, Badge, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { measurementCatalogue, type DeviceDefaults, type Lang } from '@vigil/contract';
import { confirmAction } from '../../../components/confirm';
import { DeviceTypeIcon } from '../../../components/DeviceTypeIcon';
import { EmptyState } from '../../../components/EmptyState';
import { useCan } from '../../../lib/can';
import { useCalendar } from '../../../lib/calendar';
import { serverFieldErrors } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { useDeviceDefaultsForHospital, useUpdateDeviceDefaultsForHospital } from '../api/devices';
import { ThresholdFields } from './ThresholdFields';
import { filledValues, officeOverrides, thresholdErrors, type ThresholdValues } from './thresholds';

/** The error key prefix of the office thresholds body (`thresholds.<code>`). */
const FIELD = 'thresholds';

/**
 * One device type's limits in an office: the limits in effect (the office's own where it has them,
 * else the catalogue's) in canonical units, with the catalogue's defaults written under each value.
 * Save sends only the values that differ from the catalogue; "Reset to defaults" (after asking)
 * removes the office's limits of the type.
 */
function TypeThresholdsForm({ officeId, defaults, canEdit }: { officeId: number; defaults: DeviceDefaults; canEdit: boolean }) {
  const { t, i18n } = useTranslation('devices');
  const lang: Lang = i18n.language.startsWith('en') ? 'en' : 'es';
  const type = defaults.deviceType;
  const title = lang === 'en' ? defaults.title.en : defaults.title.es;
  const save = useUpdateDeviceDefaultsForHospital();
  const [error, setError] = useState<string | null>(null);
  const initial = filledValues(type, Object.fromEntries(defaults.values.map((v) => [v.code, v.thresholds])));
  const form = useForm<{ thresholds: ThresholdValues }>({ initialValues: { thresholds: initial } });

  const send = (thresholds: ReturnType<typeof officeOverrides>, done: string) => {
    setError(null);
    save.mutate(
      { officeId, body: { deviceType: type, thresholds } },
      {
        onSuccess: (saved) => {
          const next = filledValues(type, Object.fromEntries(saved.values.map((v) => [v.code, v.thresholds])));
          form.setInitialValues({ thresholds: next });
          form.setValues({ thresholds: next });
          notify({ color: 'teal', message: done });
        },
        onError: (err) => {
          form.setErrors(serverFieldErrors(err));
          setError(err.message);
        },
      },
    );
  };

  const submit = () => {
    const errors = thresholdErrors(type, form.values.thresholds, lang, FIELD);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) { return; }
    send(officeOverrides(type, form.values.thresholds), t('officeThresholds.saved', { type: title }));
  };

  const reset = () =>
    confirmAction({
      title: t('officeThresholds.resetTitle', { type: title }),
      text: t('officeThresholds.resetText', { type: title }),
      confirmLabel: t('officeThresholds.reset'),
      danger: false,
      onConfirm: () => send({}, t('officeThresholds.resetDone', { type: title })),
    });

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      noValidate
      aria-label={t('officeThresholds.formLabel', { type: title })}
    >
      <Stack gap="md">
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {error}
          </Alert>
        )}
        <ThresholdFields
          deviceType={type}
          officeId={officeId}
          values={form.values.thresholds}
          errors={form.errors}
          field={FIELD}
          reference={{ label: t('officeThresholds.catalogueDefaults'), limits: measurementCatalogue[type].defaultThresholds }}
          hint={null}
          footer={canEdit ? t('officeThresholds.footer') : null}
          readOnly={!canEdit}
          onChange={(code, limit, value) => {
            form.setFieldValue(`thresholds.${code}.${limit}`, value);
            form.clearFieldError(`${FIELD}.${code}`);
          }}
        />
        {canEdit && (
          <Group justify="space-between">
            <Button variant="subtle" onClick={reset} disabled={save.isPending || !defaults.isOfficeOverride} data-testid={`reset-${type}`}>
              {t('officeThresholds.reset')}
            </Button>
            <Group gap="sm">
              {form.isDirty() && (
                <Button variant="default" onClick={() => form.reset()} disabled={save.isPending}>
                  {t('officeThresholds.discard')}
                </Button>
              )}
              <Button type="submit" loading={save.isPending} disabled={!form.isDirty()} data-testid={`save-${type}`}>
                {t('common:actions.save')}
              </Button>
            </Group>
          </Group>
        )}
      </Stack>
    </form>
  );
}

/**
 * The Thresholds tab of /devices: the selected office's caution and critical limits per device
 * type (GET medicaldevicesdata/getdevicedefaultsforhospital), editable by users who manage
 * monitoring plans (PUT updatedevicedefaultsforhospital needs treatmentPlans.manage), read-only
 * otherwise. A device's own overrides still win over these; these win over the catalogue's.
 */
export function OfficeThresholdsTab({ officeId }: { officeId: number | null }) {
  const { t, i18n } = useTranslation('devices');
  const { dateTime } = useCalendar();
  const canEdit = useCan('treatmentPlans.manage');
  const query = useDeviceDefaultsForHospital(officeId);
  const [opened, setOpened] = useState<string[]>(['BLOOD_PRESSURE']);

  if (officeId === null) { return <EmptyState text={t('officeThresholds.chooseOffice')} />; }
  if (query.error) {
    return (
      <Alert color="red" role="alert" title={t('common:list.error')}>
        <Group justify="space-between">
          <Text size="sm">{query.error.message}</Text>
          <Button size="xs" variant="light" onClick={() => void query.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  if (!query.data) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common:list.loading')} />
      </Center>
    );
  }

  const en = i18n.language.startsWith('en');
  return (
    <Stack gap="md">
      <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
        {canEdit ? t('officeThresholds.hint') : t('officeThresholds.hintReadOnly')}
      </Alert>
      <Accordion multiple value={opened} onChange={setOpened} variant="separated" radius="md">
        {query.data.map((d) => (
          <Accordion.Item key={d.deviceType} value={d.deviceType} data-testid={`office-thresholds-${d.deviceType}`}>
            <Accordion.Control icon={<DeviceTypeIcon type={d.deviceType} size={28} />}>
              <Group gap="sm" wrap="wrap">
                <Text fw={600}>{en ? d.title.en : d.title.es}</Text>
                {d.isOfficeOverride ? (
                  <Badge variant="light" color="blue" style={{ textTransform: 'none' }}>
                    {t('officeThresholds.officeBadge')}
                  </Badge>
                ) : (
                  <Badge variant="light" color="gray" style={{ textTransform: 'none' }}>
                    {t('officeThresholds.catalogueBadge')}
                  </Badge>
                )}
                {d.updatedAt && (
                  <Text size="xs" c="dimmed">
                    {t('officeThresholds.updatedAt', { at: dateTime(d.updatedAt) })}
                  </Text>
                )}
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <TypeThresholdsForm key={`${d.deviceType}-${d.updatedAt ?? 'catalogue'}`} officeId={officeId} defaults={d} canEdit={canEdit} />
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}
