import { useState, type ReactNode } from 'react';
import { Alert, Anchor, Badge, Button, Center, Group, Loader, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconKey, IconKeyOff, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { HubCredential } from '@vigil/contract';
import { DetailList } from '../../../components/DetailList';
import { PageHeader } from '../../../components/PageHeader';
import type { PageState } from '../../../components/ServerTable';
import { useCan } from '../../../lib/can';
import { useCalendar } from '../../../lib/calendar';
import { useRelativeTime } from '../../../lib/calendar';
import { useUiState } from '../../../lib/ui-state';
import { useHub } from '../api/devices';
import { CredentialBox } from '../components/CredentialBox';
import { DeviceDetails } from '../components/DeviceDetails';
import { DevicesTable } from '../components/DevicesTable';
import { DeviceWizardModal } from '../components/DeviceWizard';
import { HubHealthBadge } from '../components/hub-health';
import { useHubActions } from '../components/useHubActions';

/** The health of a hub refreshes this often while its page is open. */
const REFRESH_MS = 30_000;

function Stat({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Stack gap={4}>
        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
          {label}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * /devices/hubs/{id}: a hub and its health (status, last check-in, readings in the last 24
 * hours), its devices, its patient, and its credential and management actions.
 */
export default function HubPage() {
  const { t } = useTranslation('devices');
  const { id } = useParams();
  const hubId = Number(id);
  const navigate = useNavigate();
  const ui = useUiState();
  const { dateTime } = useCalendar();
  const relative = useRelativeTime();
  const canManage = useCan('devices.manage');
  const { data: hub, isLoading, error } = useHub(Number.isInteger(hubId) && hubId > 0 ? hubId : null, { refetchInterval: REFRESH_MS });
  const [credential, setCredential] = useState<HubCredential | null>(null);
  const [deviceWizard, setDeviceWizard] = useState(false);
  const [state, setState] = useState<PageState>({ page: 1, pageSize: 25, sort: 'deviceIdentifier' });
  const actions = useHubActions({ onCredential: setCredential, onDeleted: () => void navigate('/devices', { replace: true }) });

  const back = (
    <Anchor component={Link} to="/devices" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        {t('hubPage.back')}
      </Group>
    </Anchor>
  );

  if (isLoading) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common:list.loading')} />
      </Center>
    );
  }
  if (error || !hub) {
    return (
      <Stack gap="md">
        {back}
        <PageHeader title={t('hubPage.notFoundTitle')} />
        <Alert color="red" role="alert">
          {error?.message ?? t('hubPage.notFound')}
        </Alert>
      </Stack>
    );
  }

  const health = hub.health;

  return (
    <Stack gap="lg" data-testid="hub-page">
      <Stack gap="xs">
        {back}
        <PageHeader
          title={hub.hubName}
          description={`${hub.hubIdentifier} · ${hub.hospitalName}`}
          actions={
            canManage ? (
              <>
                <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => actions.edit(hub)}>
                  {t('common:actions.edit')}
                </Button>
                <Button leftSection={<IconKey size={16} aria-hidden />} onClick={() => actions.issueOrRotate(hub)} loading={actions.issuing} data-testid="hub-credential">
                  {hub.hasCredential ? t('credential.rotate') : t('credential.issue')}
                </Button>
                {hub.hasCredential && (
                  <Button variant="default" leftSection={<IconKeyOff size={16} aria-hidden color="var(--mantine-color-orange-8)" />} onClick={() => actions.askRevoke(hub)} loading={actions.revoking}>
                    {t('credential.revoke')}
                  </Button>
                )}
                <Button variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => actions.askDelete(hub)}>
                  {t('common:actions.delete')}
                </Button>
              </>
            ) : undefined
          }
        />
      </Stack>

      <section aria-labelledby="hub-health">
        <Title order={2} fz="h4" id="hub-health" mb="sm">
          {t('hubPage.health')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <Stat label={t('hub.status')} testId="health-status">
            <Group gap="xs">
              <HubHealthBadge hub={{ status: hub.status, hasCredential: health.credentialActive, lastCheckInAt: health.lastCheckInAt }} />
            </Group>
            <Text size="sm" c="dimmed">
              {hub.status === 1 ? t('hub.enabledShort') : t('hub.disabledShort')} · {health.credentialActive ? t('credential.active') : t('credential.none')}
            </Text>
          </Stat>
          <Stat label={t('hub.lastCheckIn')} testId="health-checkin">
            <Text fw={700} fz="lg">
              {health.lastCheckInAt ? relative(health.lastCheckInAt) : t('hub.never')}
            </Text>
            <Text size="sm" c="dimmed">
              {health.lastCheckInAt ? dateTime(health.lastCheckInAt) : t('hub.neverHint')}
            </Text>
          </Stat>
          <Stat label={t('hub.readings24h')} testId="health-readings">
            <Text fw={700} fz="lg">
              {health.readingsLast24Hours}
            </Text>
            <Text size="sm" c="dimmed">
              {t('hubPage.readingsHint')}
            </Text>
          </Stat>
          <Stat label={t('hubPage.devices')} testId="health-devices">
            <Text fw={700} fz="lg">
              {health.deviceCount}
            </Text>
            <Text size="sm" c="dimmed">
              {t('hubPage.devicesHint')}
            </Text>
          </Stat>
        </SimpleGrid>
      </section>

      <section aria-labelledby="hub-details">
        <Title order={2} fz="h4" id="hub-details" mb="sm">
          {t('hubPage.details')}
        </Title>
        <Paper withBorder radius="md" p="md">
          <DetailList
            cols={3}
            items={[
              { label: t('hub.identifier'), value: <Text ff="monospace" size="sm" span>{hub.hubIdentifier}</Text> },
              { label: t('hub.mac'), value: <Text ff="monospace" size="sm" span>{hub.hubMAC}</Text> },
              { label: t('fields.office'), value: hub.hospitalName },
              {
                label: t('fields.patient'),
                value: hub.assignedToUserId ? (
                  <Anchor component={Link} to={`/patientdetails/${hub.assignedToUserId}`} size="sm">
                    {hub.assignedToUserFullname}
                  </Anchor>
                ) : (
                  t('fields.unassigned')
                ),
              },
              {
                label: t('credential.label'),
                value: (
                  <Badge variant="light" color={health.credentialActive ? 'teal' : 'gray'} style={{ textTransform: 'none' }}>
                    {health.credentialActive ? t('credential.active') : t('credential.none')}
                  </Badge>
                ),
              },
              { label: t('fields.registered'), value: dateTime(hub.createdAt) },
            ]}
          />
        </Paper>
      </section>

      <section aria-labelledby="hub-devices">
        <Group justify="space-between" mb="sm">
          <Title order={2} fz="h4" id="hub-devices">
            {t('hubPage.devices')}
          </Title>
          {canManage && (
            <Button variant="light" size="sm" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDeviceWizard(true)}>
              {t('hubPage.addDevice')}
            </Button>
          )}
        </Group>
        <DevicesTable devices={hub.assignedMedicalDevicesList} state={state} onChange={setState} showHub={false} emptyText={t('hubPage.noDevices')} />
      </section>

      <Modal
        opened={credential !== null}
        onClose={() => setCredential(null)}
        title={t('credential.title', { name: hub.hubName })}
        size="lg"
        closeOnClickOutside={false}
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      >
        {credential && (
          <Stack gap="md">
            <CredentialBox credential={credential.credential} hubIdentifier={credential.hubIdentifier} />
            <Group justify="flex-end">
              <Button onClick={() => setCredential(null)}>{t('credential.done')}</Button>
            </Group>
          </Stack>
        )}
      </Modal>
      {canManage && (
        <DeviceWizardModal
          opened={deviceWizard}
          onClose={() => setDeviceWizard(false)}
          hub={{ hubId: hub.id, hospitalId: hub.hospitalId, patientId: hub.assignedToUserId }}
          onOpenDevice={(d) => ui.openDetails(d.deviceIdentifier, <DeviceDetails key={d.id} deviceId={d.id} />)}
        />
      )}
    </Stack>
  );
}
