import { useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { IconPhoneIncoming } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { appointments, type Ring } from '@vigil/contract';
import { useAuth } from '../../../lib/auth';
import { useEndpointMutation } from '../../../lib/endpoint-query';
import { notify } from '../../../lib/notify';
import { useRealtimeEvent } from '../../../lib/use-realtime';

/**
 * Rings of `initvideocallwithuser` (docs/video-visits.md "Ringing"), rendered once in the signed-in
 * layout: the callee gets a modal with Accept (opens the visit's room) and Decline; it closes by
 * itself when the ring's time is up (the server records it as missed) or it was answered
 * elsewhere. The caller gets a notice when the callee answers or the ring is missed.
 */
export function IncomingRing() {
  const { t } = useTranslation('appointments');
  const { user } = useAuth();
  const navigate = useNavigate();
  const [ring, setRing] = useState<Ring | null>(null);
  const answer = useEndpointMutation(appointments.answerVideoCallRing, { input: (body: { ringId: number; accept: boolean }) => ({ body }), invalidates: [appointments.findVideoCalls] });

  useRealtimeEvent((event) => {
    if (event.type !== 'videoCallRing' || !user) { return; }
    const r = event.data;
    if (r.callee.id === user.id) {
      if (r.status === 'ringing') {
        setRing(r);
        // Close by itself when the time is up (the server then records the ring as missed).
        window.setTimeout(() => setRing((cur) => (cur?.ringId === r.ringId ? null : cur)), Math.max(0, Date.parse(r.expiresAt) - Date.now()));
      } else { setRing((cur) => (cur?.ringId === r.ringId ? null : cur)); }
    } else if (r.caller.id === user.id && r.status !== 'ringing') {
      notify({ color: r.status === 'accepted' ? 'teal' : 'orange', message: t(`ring.${r.status}`, { name: r.callee.name }) });
    }
  });

  const reply = (accept: boolean) => {
    if (!ring) { return; }
    const r = ring;
    answer.mutate(
      { ringId: r.ringId, accept },
      {
        onSuccess: () => {
          setRing(null);
          if (accept) { void navigate(`/videoRoom/${r.hospitalId}/${r.patientId}/${r.appointmentId}`); }
        },
        onError: (e) => {
          setRing(null);
          notify({ color: 'red', message: e.message });
        },
      },
    );
  };

  return (
    <Modal opened={ring !== null} onClose={() => reply(false)} title={t('ring.title')} centered closeButtonProps={{ 'aria-label': t('ring.decline') }}>
      {ring && (
        <Group wrap="nowrap" align="start" data-testid="incoming-ring">
          <IconPhoneIncoming size={32} aria-hidden />
          <Text>{t(ring.kind === 'audio' ? 'ring.textAudio' : 'ring.text', { name: ring.caller.name })}</Text>
        </Group>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" color="red" onClick={() => reply(false)} loading={answer.isPending} data-testid="ring-decline">
          {t('ring.decline')}
        </Button>
        <Button color="teal" onClick={() => reply(true)} loading={answer.isPending} data-autofocus data-testid="ring-accept">
          {t('ring.accept')}
        </Button>
      </Group>
    </Modal>
  );
}
