import { useState } from 'react';
import { Alert, Button, Center, Group, Loader, Modal, Paper, ScrollArea, Stack, Table, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Appointment } from '@vigil/contract';
import { EmptyState } from '../../../components/EmptyState';
import { useCan } from '../../../lib/can';
import { notify } from '../../../lib/notify';
import { useApproveReject, useAppointments } from '../api/appointments';

/** The request queue of an office: pending requests (status REQUESTED) from now on, by start; approve or reject with a reason. */
export function RequestQueue({ hospitalId, onOpen }: { hospitalId: number; onOpen: (id: number) => void }) {
  const { t } = useTranslation('appointments');
  const canDecide = useCan('appointments.manage');
  const requests = useAppointments({ hospitalId, status: 'REQUESTED' }, hospitalId > 0);
  const decide = useApproveReject();
  const [rejecting, setRejecting] = useState<Appointment | null>(null);
  const [reason, setReason] = useState('');
  const approve = (a: Appointment) =>
    decide.mutate({ appointmentId: a.appointmentId, approve: true }, { onSuccess: () => notify({ color: 'green', message: t('requests.approved') }), onError: (e) => notify({ color: 'red', message: e.message }) });
  if (requests.isLoading) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common:list.loading')} />
      </Center>
    );
  }
  if (requests.error) {
    return (
      <Alert color="red" role="alert">
        {requests.error.message}
      </Alert>
    );
  }
  const rows = requests.data ?? [];
  return (
    <Paper withBorder radius="md">
      {rows.length === 0 ? (
        <EmptyState text={t('requests.empty')} />
      ) : (
        <ScrollArea>
          <Table striped highlightOnHover data-testid="request-queue" miw={700}>
            <Table.Caption>{t('requests.caption', { count: rows.length })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fields.when')}</Table.Th>
                <Table.Th>{t('fields.patient')}</Table.Th>
                <Table.Th>{t('fields.doctor')}</Table.Th>
                <Table.Th>{t('fields.kind')}</Table.Th>
                <Table.Th>{t('fields.reason')}</Table.Th>
                <Table.Th>{t('fields.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((a) => (
                <Table.Tr key={a.appointmentId}>
                  <Table.Td>
                    <Button variant="subtle" size="compact-sm" onClick={() => onOpen(a.appointmentId)}>
                      {a.localDate} {a.localTime}
                    </Button>
                  </Table.Td>
                  <Table.Td>{`${a.patient.firstName} ${a.patient.lastName}`}</Table.Td>
                  <Table.Td>{`${a.doctor.firstName} ${a.doctor.lastName}`}</Table.Td>
                  <Table.Td>{t(`kind.${a.kind}`)}</Table.Td>
                  <Table.Td>{a.reason}</Table.Td>
                  <Table.Td>
                    {canDecide && (
                      <Group gap="xs" wrap="nowrap">
                        <Button size="compact-sm" onClick={() => approve(a)} loading={decide.isPending}>
                          {t('requests.approve')}
                        </Button>
                        <Button size="compact-sm" color="red" variant="light" onClick={() => setRejecting(a)}>
                          {t('requests.reject')}
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      <Modal opened={rejecting !== null} onClose={() => setRejecting(null)} title={t('requests.rejectTitle')} closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
        <Stack>
          <Textarea label={t('requests.reason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} required maxLength={500} autosize minRows={2} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRejecting(null)}>
              {t('common:actions.cancel')}
            </Button>
            <Button
              color="red"
              disabled={!reason.trim()}
              onClick={() =>
                rejecting &&
                decide.mutate(
                  { appointmentId: rejecting.appointmentId, approve: false, reason },
                  {
                    onSuccess: () => {
                      setRejecting(null);
                      setReason('');
                      notify({ color: 'green', message: t('requests.rejected') });
                    },
                    onError: (e) => notify({ color: 'red', message: e.message }),
                  },
                )
              }
            >
              {t('requests.reject')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
