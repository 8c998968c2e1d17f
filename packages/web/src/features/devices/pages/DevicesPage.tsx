import { useState } from 'react';
import { Button, Group, Select, Tabs } from '@mantine/core';
import { IconAdjustments, IconDeviceTablet, IconDevices, IconPlus, IconRouter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { useCan } from '../../../lib/can';
import { useOfficesInScope } from '../../../lib/offices-in-scope';
import { useSelectedOffice } from '../../../lib/office';
import { useUiState } from '../../../lib/ui-state';
import { DeviceDetails } from '../components/DeviceDetails';
import { DevicesTab } from '../components/DevicesTab';
import { DeviceWizardModal } from '../components/DeviceWizard';
import { HubsTab } from '../components/HubsTab';
import { HubWizardModal } from '../components/HubWizard';
import { OfficeThresholdsTab } from '../components/OfficeThresholdsTab';
import { TabletsTab } from '../components/TabletsTab';

const ALL = 'all';
const TABS = ['hubs', 'devices', 'tablets', 'thresholds'] as const;
type Tab = (typeof TABS)[number];

/**
 * /devices: the hubs, devices and tablets of the selected office (all offices in scope, with an
 * office filter, when none is selected), and the office's alert thresholds per device type. Users
 * who manage devices register hubs and devices with the wizards.
 */
export default function DevicesPage() {
  const { t } = useTranslation('devices');
  const selectedOffice = useSelectedOffice();
  const { offices } = useOfficesInScope();
  const canManage = useCan('devices.manage');
  const ui = useUiState();
  const [params, setParams] = useSearchParams();
  const [picked, setPicked] = useState<string>(ALL);
  const [hubWizard, setHubWizard] = useState(false);
  const [deviceWizard, setDeviceWizard] = useState(false);

  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'hubs';
  const officeId = selectedOffice > 0 ? selectedOffice : picked === ALL ? null : Number(picked);
  const showOffice = officeId === null;

  const registerHub = canManage ? (
    <Button variant="light" onClick={() => setHubWizard(true)}>
      {t('hubWizard.first')}
    </Button>
  ) : undefined;
  const registerDevice = canManage ? (
    <Button variant="light" onClick={() => setDeviceWizard(true)}>
      {t('deviceWizard.first')}
    </Button>
  ) : undefined;

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          canManage ? (
            <>
              <Button variant="default" leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setDeviceWizard(true)} data-testid="new-device">
                {t('deviceWizard.open')}
              </Button>
              <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setHubWizard(true)} data-testid="new-hub">
                {t('hubWizard.open')}
              </Button>
            </>
          ) : undefined
        }
      />
      {selectedOffice <= 0 && (
        <Group mb="md">
          <Select
            w={280}
            aria-label={t('fields.officeFilter')}
            searchable
            allowDeselect={false}
            data={[{ value: ALL, label: t('common:office.all') }, ...offices.map((o) => ({ value: String(o.id), label: o.hospitalName }))]}
            value={picked}
            onChange={(v) => setPicked(v ?? ALL)}
          />
        </Group>
      )}
      <Tabs value={tab} onChange={(v) => setParams(v && v !== 'hubs' ? { tab: v } : {}, { replace: true })} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="hubs" leftSection={<IconRouter size={16} aria-hidden />}>
            {t('tabs.hubs')}
          </Tabs.Tab>
          <Tabs.Tab value="devices" leftSection={<IconDevices size={16} aria-hidden />}>
            {t('tabs.devices')}
          </Tabs.Tab>
          <Tabs.Tab value="tablets" leftSection={<IconDeviceTablet size={16} aria-hidden />}>
            {t('tabs.tablets')}
          </Tabs.Tab>
          <Tabs.Tab value="thresholds" leftSection={<IconAdjustments size={16} aria-hidden />}>
            {t('tabs.thresholds')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="hubs">
          <HubsTab key={officeId ?? 0} officeId={officeId} showOffice={showOffice} emptyAction={registerHub} />
        </Tabs.Panel>
        <Tabs.Panel value="devices">
          <DevicesTab key={officeId ?? 0} officeId={officeId} showOffice={showOffice} emptyAction={registerDevice} />
        </Tabs.Panel>
        <Tabs.Panel value="tablets">
          <TabletsTab key={officeId ?? 0} officeId={officeId} showOffice={showOffice} />
        </Tabs.Panel>
        <Tabs.Panel value="thresholds">
          <OfficeThresholdsTab key={officeId ?? 0} officeId={officeId} />
        </Tabs.Panel>
      </Tabs>
      {canManage && (
        <>
          <HubWizardModal opened={hubWizard} onClose={() => setHubWizard(false)} />
          <DeviceWizardModal
            opened={deviceWizard}
            onClose={() => setDeviceWizard(false)}
            onOpenDevice={(d) => ui.openDetails(d.deviceIdentifier, <DeviceDetails key={d.id} deviceId={d.id} />)}
          />
        </>
      )}
    </>
  );
}
