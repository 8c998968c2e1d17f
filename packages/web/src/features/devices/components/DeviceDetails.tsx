import { Alert, Anchor, Badge, Button, Center, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { IconAdjustments, IconChartLine, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { measurementCatalogue, unitLabelIn } from '@vigil/contract';
import { DetailList } from '../../../components/DetailList';
import { DeviceTypeIcon, deviceTypeTitle } from '../../../components/DeviceTypeIcon';
import { useCan } from '../../../lib/can';
import { useCalendar } from '../../../lib/calendar';
import { useUiState } from '../../../lib/ui-state';
import { useMedicalDevice } from '../api/devices';
import { limitsText, thresholdValues, toThresholds } from './thresholds';
import { useDeviceActions } from './useDeviceActions';

/** A device in the details drawer: what it is, where it is assigned, its threshold overrides and its actions. */
export function DeviceDetails({ deviceId }: { deviceId: number }) {
  const { t, i18n } = useTranslation('devices');
  const lang = i18n.language;
  const { dateTime } = useCalendar();
  const ui = useUiState();
  const canManage = useCan('devices.manage');
  const { data: device, isLoading, error } = useMedicalDevice(deviceId);
  const actions = useDeviceActions();

  if (isLoading) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common:list.loading')} />
      </Center>
    );
  }
  if (error || !device) {
    return (
      <Alert color="red" role="alert">
        {error?.message ?? t('device.notFound')}
      </Alert>
    );
  }

  const overrides = toThresholds(thresholdValues(device.deviceType, device.deviceDefaultValuesJson));
  const values = measurementCatalogue[device.deviceType].values.filter((v) => overrides[v.code]);

  return (
    <Stack gap="lg" data-testid="device-details">
      <Group gap="sm" wrap="nowrap">
        <DeviceTypeIcon type={device.deviceType} size={40} />
        <Stack gap={0}>
          <Text fw={700}>{device.deviceIdentifier}</Text>
          <Text size="sm" c="dimmed">
            {deviceTypeTitle(device.deviceType, lang)}
          </Text>
        </Stack>
        <Badge ml="auto" variant="light" color={device.status === 1 ? 'teal' : 'gray'}>
          {device.status === 1 ? t('device.statusActive') : t('device.statusRetired')}
        </Badge>
      </Group>
      <DetailList
        items={[
          { label: t('device.model'), value: device.modelName ? `${device.manufacturerName} · ${device.modelName}` : t('deviceWizard.noModel') },
          { label: t('fields.office'), value: device.hospitalName },
          {
            label: t('fields.patient'),
            value: device.patientId ? (
              <Anchor component={Link} to={`/patientdetails/${device.patientId}`} onClick={() => ui.closeAll()}>
                {device.patientFullname}
              </Anchor>
            ) : (
              t('fields.unassigned')
            ),
          },
          {
            label: t('fields.hub'),
            value: device.hubId ? (
              <Anchor component={Link} to={`/devices/hubs/${device.hubId}`} onClick={() => ui.closeAll()}>
                {device.hubIdentifier}
              </Anchor>
            ) : (
              t('fields.unassigned')
            ),
          },
          { label: t('fields.registered'), value: dateTime(device.createdAt) },
        ]}
      />
      <Switch
        label={t('device.manual')}
        description={t('deviceWizard.manualHint')}
        checked={device.isManualMeasurement}
        disabled={!canManage || actions.manualPending}
        onChange={(e) => actions.setManual(device, e.currentTarget.checked)}
        data-testid="manual-toggle"
      />
      <Stack gap="xs">
        <Title order={3} fz="md">
          {t('thresholds.title')}
        </Title>
        {values.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('thresholds.officeDefaults')}
          </Text>
        ) : (
          values.map((v) => {
            const o = overrides[v.code]!;
            const unit = unitLabelIn(v.unit, lang.startsWith('en') ? 'en' : 'es');
            return (
              <Text key={v.code} size="sm">
                <b>{lang.startsWith('en') ? v.label.en : v.label.es}</b>: {limitsText(o, unit, t)}
              </Text>
            );
          })
        )}
      </Stack>
      <Group gap="sm">
        <Button component={Link} to={`/devicemeasurements/${device.id}`} variant="light" leftSection={<IconChartLine size={16} aria-hidden />} onClick={() => ui.closeAll()}>
          {t('device.readings')}
        </Button>
        {canManage && (
          <>
            <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => actions.edit(device)}>
              {t('common:actions.edit')}
            </Button>
            <Button variant="default" leftSection={<IconAdjustments size={16} aria-hidden />} onClick={() => actions.editThresholds(device)}>
              {t('thresholds.edit')}
            </Button>
            <Button variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => actions.askDelete(device, () => ui.close('details'))}>
              {t('common:actions.delete')}
            </Button>
          </>
        )}
      </Group>
    </Stack>
  );
}
