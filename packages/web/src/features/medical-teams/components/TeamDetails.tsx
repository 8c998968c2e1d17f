import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Center, Divider, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconUserMinus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/confirm';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { useCalendar } from '../../../lib/calendar';
import { useAssignMember, useDeassignMember } from '../api/medical-teams';
import { useActiveOfficeStaff, usePatientTeams } from '../../../lib/shared-reads';

const errorText = (err: unknown) => (err instanceof ApiError ? err.message : String(err));

/**
 * The team drawer: the patient's team in one office with its members; users who manage teams add
 * members from the office's active staff and remove members (after confirming).
 */
export function TeamDetails({ patientId, officeId }: { patientId: number; officeId: number }) {
  const { t } = useTranslation('medicalTeams');
  const dates = useCalendar();
  const canManage = useCan('medicalTeams.manage');
  const teams = usePatientTeams(patientId);
  const staff = useActiveOfficeStaff(canManage ? officeId : null);
  const assign = useAssignMember();
  const deassign = useDeassignMember();
  const [toAdd, setToAdd] = useState<string | null>(null);

  if (teams.isLoading) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label={t('common:list.loading')} />
      </Center>
    );
  }
  const team = teams.data?.find((x) => x.hospitalId === officeId);
  if (teams.error || !team) {
    return (
      <Alert color="red" role="alert">
        {teams.error instanceof Error ? teams.error.message : t('details.gone')}
      </Alert>
    );
  }
  const patientName = `${team.patient.firstName} ${team.patient.lastName}`;
  const candidates = (staff.data?.items ?? []).filter((s) => !team.members.some((m) => m.id === s.id));
  const onlyTeam = (teams.data?.length ?? 0) === 1;

  const remove = (member: (typeof team.members)[number]) => {
    const name = `${member.firstName} ${member.lastName}`;
    confirmAction({
      title: t('details.removeTitle'),
      text: t('details.removeText', { name, patient: patientName }),
      confirmLabel: t('details.remove'),
      onConfirm: () =>
        deassign.mutate(
          { medicalTeamId: team.id, userId: member.id },
          {
            onSuccess: () => notifications.show({ color: 'teal', message: t('details.removed', { name }) }),
            onError: (err) => notifications.show({ color: 'red', title: t('details.failed'), message: errorText(err) }),
          },
        ),
    });
  };
  const add = () => {
    if (!toAdd) { return; }
    assign.mutate(
      { medicalTeamId: team.id, userId: Number(toAdd) },
      {
        onSuccess: () => {
          setToAdd(null);
          notifications.show({ color: 'teal', message: t('details.added') });
        },
        onError: (err) => notifications.show({ color: 'red', title: t('details.failed'), message: errorText(err) }),
      },
    );
  };

  return (
    <Stack gap="lg" data-testid="team-details">
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          {team.hospital.hospitalName}
        </Text>
        <Text size="xs" c="dimmed">
          {t('details.since', { date: dates.date(team.createdAt) })}
        </Text>
      </Stack>
      <Stack gap="sm">
        <Title order={2} fz="h5">
          {t('details.members', { count: team.members.length })}
        </Title>
        {onlyTeam && (
          <Text size="xs" c="dimmed">
            {t('details.onlyTeamRule')}
          </Text>
        )}
        {team.members.map((m) => (
          <Group key={m.id} justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap">
              <Text size="sm">
                {m.firstName} {m.lastName}
              </Text>
              <Badge variant="outline" color="gray.7" tt="none" fw={500}>
                {t(`common:roles.${m.roleId}`)}
              </Badge>
            </Group>
            {canManage && (
              <ActionIcon
                variant="subtle"
                color="red.9"
                aria-label={t('details.removeMember', { name: `${m.firstName} ${m.lastName}` })}
                onClick={() => remove(m)}
                loading={deassign.isPending && deassign.variables?.userId === m.id}
              >
                <IconUserMinus size={18} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        ))}
      </Stack>
      {canManage && (
        <>
          <Divider />
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <Select
              flex={1}
              label={t('details.addMember')}
              placeholder={candidates.length ? t('details.choose') : t('details.noCandidates')}
              searchable
              disabled={candidates.length === 0}
              data={candidates.map((s) => ({ value: String(s.id), label: `${s.firstName} ${s.lastName} · ${t(`common:roles.${s.roleId}`)}` }))}
              value={toAdd}
              onChange={setToAdd}
            />
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={add} disabled={!toAdd} loading={assign.isPending}>
              {t('details.add')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
