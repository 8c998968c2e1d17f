import { useState } from 'react';
import { Alert, Button, Group, NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  deviceTypes,
  ingestReadingSchema,
  measurementCatalogue,
  message,
  toCanonical,
  toDisplay,
  unitPreferencesOf,
  type AssignedMedicalDevice,
  type DeviceType,
  type IngestReading,
} from '@vigil/contract';
import { deviceTitle, displayUnitOf, formatNumber, unitLabel } from '../../../../components/measurements/format';
import { nowWithOffset } from '../../../../lib/calendar';
import { ApiError } from '../../../../lib/api-client';
import { useAuth } from '../../../../lib/auth';
import { serverFieldErrors } from '../../../../lib/forms';
import { currentLang } from '../../../../lib/i18n';
import { usePostVitals } from '../api/patient-details';
import { FormModal } from '../../../../components/FormModal';

interface VitalsForm {
  deviceType: DeviceType;
  /** device id, or '' for a reading not tied to a device */
  device: string;
  values: Record<string, number | string>;
}

const NO_DEVICE = '';

const devicesOfType = (devices: AssignedMedicalDevice[], type: string) => devices.filter((d) => d.deviceType === type && d.status === 1);
const defaultDevice = (devices: AssignedMedicalDevice[], type: string) => {
  const own = devicesOfType(devices, type);
  return own.length === 1 ? String(own[0]!.id) : NO_DEVICE;
};
const emptyValues = (type: DeviceType) => Object.fromEntries(measurementCatalogue[type].values.map((v) => [v.code, '']));
const toNumber = (raw: number | string | undefined) => (typeof raw === 'number' ? raw : raw === undefined || raw.trim() === '' ? null : Number(raw.replace(',', '.')));

/**
 * The vitals check: a reading taken now, entered by hand by a staff member (POST
 * medicaldevicesdata with patientId; stored as manual). Values are typed in the user's units
 * (glucose mmol/L or mg/dL, weight kg or lb, temperature °C or °F) and converted by the server.
 * Required values and plausible ranges are checked first; the server's answer for the reading
 * (stored with its severity, already stored, or refused with a reason) is shown.
 */
export function VitalsCheckModal(props: {
  opened: boolean;
  onClose: () => void;
  patientId: number;
  patientName: string;
  devices: AssignedMedicalDevice[];
  /** device types of the active plan, offered first */
  planTypes: string[];
}) {
  const { t } = useTranslation('patientDetails');
  const { user } = useAuth();
  const lang = currentLang();
  const prefs = unitPreferencesOf(user?.userSettingsJson);
  const post = usePostVitals();
  const [error, setError] = useState<string | null>(null);

  const firstType = (deviceTypes.find((d) => props.planTypes.includes(d)) ?? deviceTypes.find((d) => props.devices.some((x) => x.deviceType === d)) ?? 'BLOOD_PRESSURE') as DeviceType;
  const form = useForm<VitalsForm>({
    initialValues: { deviceType: firstType, device: defaultDevice(props.devices, firstType), values: emptyValues(firstType) },
    validate: (v) => {
      const errors: Record<string, string> = {};
      const def = measurementCatalogue[v.deviceType];
      for (const value of def.values) {
        const key = `values.${value.code}`;
        const n = toNumber(v.values[value.code]);
        if (n === null) {
          if (def.required.includes(value.code)) { errors[key] = message('required', lang); }
          continue;
        }
        const unit = displayUnitOf(value.code, prefs);
        const canonical = Number.isFinite(n) ? toCanonical(value, n, unit) : null;
        if (canonical === null) { errors[key] = message('regex', lang); }
        else if (canonical < value.min || canonical > value.max) {
          errors[key] = t('vitals.range', {
            min: formatNumber(toDisplay(value.code, value.min, prefs).value, lang),
            max: formatNumber(toDisplay(value.code, value.max, prefs).value, lang),
            unit: unitLabel(unit, lang),
          });
        }
      }
      return errors;
    },
  });

  const def = measurementCatalogue[form.values.deviceType];
  const typeDevices = devicesOfType(props.devices, form.values.deviceType);
  const orderedTypes = [...deviceTypes].sort((a, b) => Number(props.planTypes.includes(b)) - Number(props.planTypes.includes(a)));

  const close = () => {
    setError(null);
    form.reset();
    props.onClose();
  };

  const submit = form.onSubmit((v) => {
    setError(null);
    const device = props.devices.find((d) => String(d.id) === v.device);
    const reading: IngestReading = {
      patientId: props.patientId,
      deviceType: v.deviceType,
      measuredAt: nowWithOffset(),
      values: measurementCatalogue[v.deviceType].values
        .map((value) => ({ code: value.code, value: toNumber(v.values[value.code]), unit: displayUnitOf(value.code, prefs) }))
        .filter((x): x is { code: string; value: number; unit: string } => x.value !== null),
      ...(device ? { deviceIdentifier: device.deviceIdentifier } : {}),
    };
    // The contract's reading schema: the same shape the server checks.
    if (!ingestReadingSchema.safeParse(reading).success) {
      setError(message('validationFailed', lang));
      return;
    }
    post.mutate(reading, {
      onSuccess: (res) => {
        const result = res.results[0];
        if (!result || result.status === 'rejected') {
          const reason = result?.reason ?? 'invalid reading';
          setError(t(`vitals.reasons.${reason}`, { defaultValue: reason }));
          const code = result?.detail;
          if (code && def.values.some((x) => x.code === code)) { form.setFieldError(`values.${code}`, t(`vitals.reasons.${reason}`, { defaultValue: reason })); }
          return;
        }
        const severity = result.severity ?? 0;
        notifications.show({
          color: severity === 2 ? 'red' : severity === 1 ? 'yellow' : 'teal',
          title: result.status === 'duplicate' ? t('vitals.duplicate') : t('vitals.saved'),
          message: t('vitals.savedText', { type: deviceTitle(v.deviceType, lang), severity: t(`measurements:severity.${severity}`) }),
        });
        close();
      },
      onError: (err) => {
        form.setErrors(serverFieldErrors(err));
        setError(err instanceof ApiError ? err.message : t('common:list.error'));
      },
    });
  });

  return (
    <FormModal opened={props.opened} onClose={close} title={t('vitals.title', { name: props.patientName })} size="lg" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <form onSubmit={submit} noValidate data-testid="vitals-form">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('vitals.intro')}
          </Text>
          {error && (
            <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              {error}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('vitals.deviceType')}
              withAsterisk
              allowDeselect={false}
              data={orderedTypes.map((d) => ({ value: d, label: deviceTitle(d, lang) }))}
              value={form.values.deviceType}
              onChange={(value) => {
                if (!value) { return; }
                const type = value as DeviceType;
                form.setValues({ deviceType: type, device: defaultDevice(props.devices, type), values: emptyValues(type) });
                form.clearErrors();
              }}
            />
            <Select
              label={t('vitals.device')}
              allowDeselect={false}
              data={[
                { value: NO_DEVICE, label: t('vitals.noDevice') },
                ...typeDevices.map((d) => ({ value: String(d.id), label: d.deviceIdentifier })),
              ]}
              {...form.getInputProps('device')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: def.values.length > 1 ? 3 : 1 }}>
            {def.values.map((value) => {
              const unit = displayUnitOf(value.code, prefs);
              return (
                <NumberInput
                  key={`${form.values.deviceType}-${value.code}`}
                  label={`${value.label[lang]} (${unitLabel(unit, lang)})`}
                  withAsterisk={def.required.includes(value.code)}
                  decimalSeparator={lang === 'es' ? ',' : '.'}
                  decimalScale={unit === 'mmol/L' || unit === '[lb_av]' || unit === '[degF]' || value.decimals > 0 ? 1 : 0}
                  allowNegative={false}
                  hideControls
                  inputMode="decimal"
                  data-autofocus={value === def.values[0] ? true : undefined}
                  {...form.getInputProps(`values.${value.code}`)}
                />
              );
            })}
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {t('vitals.units')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={post.isPending} data-testid="vitals-save">
              {t('vitals.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormModal>
  );
}
