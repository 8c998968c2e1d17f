import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDoorEnter, IconDoorExit } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { createPatientPresenceBodySchema, PRESENCE_LEAVING_TO_MAX } from '@vigil/contract';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { useCalendar } from '../../../lib/calendar';
import { serverFieldErrors, zodValidate } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { useCreatePresence, useDeletePresence, usePatientPresence } from '../api/care-time';

/**
 * The patient's presence on the patient page: "Out of facility" with the mandatory place the
 * patient is leaving to (POST patientpresence; spec section 5), the current stay when out, and
 * "Back in facility" (DELETE patientpresence/{id}; spec section 8: a failure comes back as the
 * error object with HTTP 200, and its message is shown).
 */
export function PatientPresenceAction({ patientId, hospitalId }: { patientId: number; hospitalId: number }) {
  const { t } = useTranslation('careTime');
  const { dateTime } = useCalendar();
  const canRead = useCan('presence.read');
  const canManage = useCan('presence.manage');
  const presence = usePatientPresence(patientId, hospitalId, canRead);
  const back = useDeletePresence();
  const [marking, setMarking] = useState(false);
  if (!canRead || presence.isLoading) { return null; }

  const open = presence.data?.find((s) => s.endedAt === null) ?? null;
  const markBack = () =>
    open &&
    back.mutate(open.id, {
      onSuccess: () => notify({ color: 'teal', message: t('presence.backDone') }),
      onError: (err) => notify({ color: 'red', title: t('presence.backFailed'), message: err instanceof ApiError ? err.message : '' }),
    });

  return (
    <>
      {open ? (
        <Group gap="xs" wrap="wrap" data-testid="presence-out">
          <Badge color="red.9" variant="outline" size="lg" tt="none">
            {t('presence.outBadge')}
          </Badge>
          <Text size="sm">{t('presence.outDetail', { place: open.leavingTo, time: dateTime(open.startedAt) })}</Text>
          {canManage && (
            <Button variant="default" leftSection={<IconDoorEnter size={18} aria-hidden />} onClick={markBack} loading={back.isPending} data-testid="presence-back">
              {t('presence.back')}
            </Button>
          )}
        </Group>
      ) : canManage ? (
        <Button variant="default" leftSection={<IconDoorExit size={18} aria-hidden />} onClick={() => setMarking(true)} data-testid="presence-mark-out">
          {t('presence.markOut')}
        </Button>
      ) : (
        <Badge color="teal.9" variant="outline" size="lg" tt="none">
          {t('presence.inFacility')}
        </Badge>
      )}
      <Modal opened={marking} onClose={() => setMarking(false)} title={t('presence.title')} closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
        {marking && <OutForm patientId={patientId} hospitalId={hospitalId} onClose={() => setMarking(false)} />}
      </Modal>
    </>
  );
}

function OutForm({ patientId, hospitalId, onClose }: { patientId: number; hospitalId: number; onClose: () => void }) {
  const { t } = useTranslation('careTime');
  const create = useCreatePresence();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ initialValues: { patientId, hospitalId, leavingTo: '' }, validate: zodValidate(createPatientPresenceBodySchema) });
  const submit = form.onSubmit((v) => {
    setError(null);
    create.mutate(
      { patientId, hospitalId, leavingTo: v.leavingTo.trim() },
      {
        onSuccess: () => {
          notify({ color: 'teal', message: t('presence.outDone') });
          onClose();
        },
        onError: (err) => {
          form.setErrors(serverFieldErrors(err));
          setError(err instanceof ApiError ? err.message : t('presence.outFailed'));
        },
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate data-testid="presence-form">
      <Stack gap="md">
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <TextInput
          label={t('presence.leavingTo')}
          description={t('presence.leavingToHelp')}
          required
          maxLength={PRESENCE_LEAVING_TO_MAX}
          data-autofocus
          data-testid="presence-leaving-to"
          {...form.getInputProps('leavingTo')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={create.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} data-testid="presence-save">
            {t('presence.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
