import { useEffect, useRef, type ReactNode } from 'react';
import { ActionIcon, Alert, Badge, Box, Group, Loader, Paper, Select, SimpleGrid, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { IconMicrophone, IconMicrophoneOff, IconVideo, IconVideoOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CallQuality } from './quality';
import type { RemoteParticipant, VisitCall as Call } from './use-visit-call';

// Light badges with dark text keep WCAG AA contrast for every quality.
const qualityColor: Record<CallQuality, string> = { good: 'green', fair: 'yellow', poor: 'red' };

function MediaTile({ stream, label, muted, mirrored, children, notice, testId, data }: { stream: MediaStream | null; label: string; muted?: boolean; mirrored?: boolean; children?: ReactNode; notice?: ReactNode; testId: string; data?: Record<string, string | number> }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) { ref.current.srcObject = stream; }
  }, [stream]);
  const hasVideo = !!stream && stream.getVideoTracks().some((t) => t.readyState === 'live' && t.enabled);
  return (
    <Paper withBorder radius="md" p={0} pos="relative" bg="dark.7" style={{ overflow: 'hidden', aspectRatio: '4 / 3' }} data-testid={testId} {...data}>
      <video ref={ref} autoPlay playsInline muted={muted} aria-label={label} style={{ width: '100%', height: '100%', objectFit: 'cover', transform: mirrored ? 'scaleX(-1)' : undefined, display: hasVideo ? 'block' : 'none' }} />
      {!hasVideo && !notice && (
        <Stack align="center" justify="center" h="100%">
          <IconVideoOff size={40} color="white" aria-hidden />
        </Stack>
      )}
      {notice && (
        <Stack pos="absolute" top={0} left={0} right={0} bottom={48} align="center" justify="center" p="md" role="status">
          {notice}
        </Stack>
      )}
      <Group pos="absolute" bottom={8} left={8} right={8} justify="space-between" gap={4}>
        <Badge color="dark" variant="filled">
          {label}
        </Badge>
        {children}
      </Group>
    </Paper>
  );
}

function RemoteTile({ r }: { r: RemoteParticipant }) {
  const { t } = useTranslation('appointments');
  const name = r.name || (r.guest ? t('call.patient') : t('call.participant'));
  return (
    <MediaTile
      stream={r.stream}
      label={name}
      testId="visit-remote"
      data={{ 'data-frames-decoded': r.framesDecoded, 'data-route': r.route ?? '', 'data-connection': r.link }}
      notice={
        r.link === 'connecting' ? (
          <>
            <Loader color="white" size="sm" aria-hidden />
            <Text c="white" ta="center">
              {t('call.connecting')}
            </Text>
          </>
        ) : r.link === 'failed' ? (
          <Text c="white" ta="center" fw={600} data-testid="visit-connection-failed">
            {t('call.connectionFailed')}
          </Text>
        ) : null
      }
    >
      {/* No quality before the media connects: unknown values would read "good" (quality.ts). */}
      {r.quality && r.link === 'connected' && (
        <Tooltip label={r.route === 'relay' ? t('call.routeRelay') : t('call.routeDirect')}>
          <Badge color={qualityColor[r.quality]} variant="light" c="dark.8" data-testid="visit-quality" tabIndex={0}>
            {t('call.quality', { quality: t(`call.q.${r.quality}`) })}
          </Badge>
        </Tooltip>
      )}
    </MediaTile>
  );
}

/**
 * A visit's media area (docs/video-visits.md "The room"): the participants' video tiles with
 * their connection quality, the own picture, and the controls (microphone, camera, audio-only,
 * device picker). `actions` are the caller's buttons (end or leave).
 */
export function VisitCallView({ call, actions }: { call: Call; actions?: ReactNode }) {
  const { t } = useTranslation('appointments');
  return (
    <Stack gap="md" data-testid="visit-call">
      {call.mediaError && (
        <Alert color="yellow" role="status">
          {t('call.mediaError')}
        </Alert>
      )}
      {call.remotes.length === 0 && (
        <Text c="dimmed" role="status" data-testid="visit-alone">
          {t('call.alone')}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: call.remotes.length > 1 ? 3 : 2 }}>
        {call.remotes.map((r) => (
          <RemoteTile key={r.peerId} r={r} />
        ))}
        <MediaTile stream={call.local} label={t('call.you')} muted mirrored testId="visit-local" />
      </SimpleGrid>
      <Group gap="sm" role="toolbar" aria-label={t('call.controls')}>
        <Tooltip label={call.micOn ? t('call.micOff') : t('call.micOn')}>
          <ActionIcon size="xl" radius="xl" variant={call.micOn ? 'default' : 'filled'} color={call.micOn ? undefined : 'red'} onClick={call.toggleMic} aria-pressed={!call.micOn} aria-label={call.micOn ? t('call.micOff') : t('call.micOn')} data-testid="visit-mic">
            {call.micOn ? <IconMicrophone aria-hidden /> : <IconMicrophoneOff aria-hidden />}
          </ActionIcon>
        </Tooltip>
        {!call.audioOnly && (
          <Tooltip label={call.cameraOn ? t('call.cameraOff') : t('call.cameraOn')}>
            <ActionIcon size="xl" radius="xl" variant={call.cameraOn ? 'default' : 'filled'} color={call.cameraOn ? undefined : 'red'} onClick={call.toggleCamera} aria-pressed={!call.cameraOn} aria-label={call.cameraOn ? t('call.cameraOff') : t('call.cameraOn')} data-testid="visit-camera">
              {call.cameraOn ? <IconVideo aria-hidden /> : <IconVideoOff aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
        <Switch label={t('call.audioOnly')} checked={call.audioOnly} onChange={(e) => call.setAudioOnly(e.currentTarget.checked)} data-testid="visit-audio-only" />
        <Box style={{ flex: 1 }} />
        {actions}
      </Group>
      <Group grow>
        {!call.audioOnly && call.cameras.length > 0 && (
          <Select
            label={t('call.camera')}
            data={call.cameras.map((d, i) => ({ value: d.deviceId, label: d.label || t('call.deviceN', { n: i + 1 }) }))}
            value={call.cameraId}
            onChange={(v) => v && call.chooseCamera(v)}
            allowDeselect={false}
            data-testid="visit-camera-select"
          />
        )}
        {call.microphones.length > 0 && (
          <Select
            label={t('call.microphone')}
            data={call.microphones.map((d, i) => ({ value: d.deviceId, label: d.label || t('call.deviceN', { n: i + 1 }) }))}
            value={call.microphoneId}
            onChange={(v) => v && call.chooseMicrophone(v)}
            allowDeselect={false}
            data-testid="visit-mic-select"
          />
        )}
      </Group>
    </Stack>
  );
}
