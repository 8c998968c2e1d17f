import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Badge, Button, Center, Group, Loader, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { IconAlertTriangle, IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { startTrackingBodySchema, TIME_ENTRY_ACTIVITY_MAX, TIME_ENTRY_MAX_SECONDS, type CareProgram, type OpenTimer } from '@vigil/contract';
import { ApiError } from '../../../lib/api-client';
import { useCalendar } from '../../../lib/calendar';
import { serverFieldErrors, zodValidate } from '../../../lib/forms';
import { reloadCareTime, useOpenTimer, useStartTracking } from '../api/care-time';
import { formatMmSs } from '../format';
import { fullName, ProgramBadge, useNow, useProgramOptions } from './shared';
import { StopTimerModal } from './StopTimerModal';

/** From this many seconds the timer warns that it closes itself at 2 hours. */
export const NEAR_LIMIT_SECONDS = TIME_ENTRY_MAX_SECONDS - 10 * 60;

/**
 * The visible timer (spec section 4 "Time tracking"). The running timer is read from the server on
 * mount (getnotfinishedwithpatient), so it survives a reload; it ticks locally from the seconds the
 * server counted. Near 2 hours it warns; at 2 hours the server closes it and flags the entry.
 */
export function TimerBlock({ patientId, hospitalId, programs }: { patientId: number; hospitalId: number; programs: CareProgram[] }) {
  const { t } = useTranslation('careTime');
  const timer = useOpenTimer(true);
  const [stopping, setStopping] = useState(false);

  if (timer.isLoading) {
    return (
      <Center py="sm">
        <Loader size="sm" aria-label={t('timer.loading')} />
      </Center>
    );
  }
  if (timer.error) {
    return (
      <Alert color="red" role="alert">
        {timer.error instanceof Error ? timer.error.message : t('timer.error')}
      </Alert>
    );
  }
  const running = timer.data ?? null;
  if (running && running.patientId === patientId) {
    return (
      <>
        <RunningTimer timer={running} fetchedAt={timer.dataUpdatedAt} onStop={() => setStopping(true)} />
        <StopTimerModal opened={stopping} onClose={() => setStopping(false)} entry={running} hospitalId={running.hospitalId} mode="stop" />
      </>
    );
  }
  return <StartTimerForm key={programs.join(',')} patientId={patientId} hospitalId={hospitalId} programs={programs} other={running} fetchedAt={timer.dataUpdatedAt} />;
}

function useElapsed(timer: OpenTimer, fetchedAt: number): number {
  const now = useNow(1000);
  return Math.min(TIME_ENTRY_MAX_SECONDS, timer.elapsedSeconds + Math.max(0, Math.floor((now - fetchedAt) / 1000)));
}

function RunningTimer({ timer, fetchedAt, onStop }: { timer: OpenTimer; fetchedAt: number; onStop: () => void }) {
  const { t } = useTranslation('careTime');
  const { dateTime } = useCalendar();
  const qc = useQueryClient();
  const elapsed = useElapsed(timer, fetchedAt);
  const asked = useRef(false);
  useEffect(() => {
    // At 2 hours the server closes the timer (flagged autoClosed): read it again once.
    if (elapsed >= TIME_ENTRY_MAX_SECONDS && !asked.current) {
      asked.current = true;
      void reloadCareTime(qc);
    }
  }, [elapsed, qc]);

  return (
    <Paper withBorder radius="md" p="sm" bg="teal.0" data-testid="timer-running">
      <Stack gap={6}>
        <Group justify="space-between" align="center" wrap="nowrap">
          <Stack gap={0}>
            <Text size="xs" fw={600} c="teal.9">
              {t('timer.running')}
            </Text>
            <Text role="timer" aria-label={t('timer.elapsed', { time: formatMmSs(elapsed) })} ff="monospace" fz={30} fw={700} lh={1.1} data-testid="timer-elapsed">
              {formatMmSs(elapsed)}
            </Text>
          </Stack>
          <Button color="red.8" leftSection={<IconPlayerStop size={16} aria-hidden />} onClick={onStop} data-testid="timer-stop">
            {t('timer.stop')}
          </Button>
        </Group>
        <Group gap={6} wrap="wrap">
          <ProgramBadge program={timer.program} />
          {timer.activity && <Text size="sm">{timer.activity}</Text>}
        </Group>
        <Text size="xs" c="dimmed">
          {t('timer.startedAt', { time: dateTime(timer.startedAt) })}
        </Text>
        {elapsed >= NEAR_LIMIT_SECONDS && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={16} />} p="xs" data-testid="timer-near-limit">
            <Text size="sm">{t('timer.nearLimit')}</Text>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

function StartTimerForm({
  patientId,
  hospitalId,
  programs,
  other,
  fetchedAt,
}: {
  patientId: number;
  hospitalId: number;
  programs: CareProgram[];
  other: OpenTimer | null;
  fetchedAt: number;
}) {
  const { t } = useTranslation('careTime');
  const start = useStartTracking();
  const options = useProgramOptions(programs);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { patientId, hospitalId, program: (programs[0] ?? '') as CareProgram, activity: '' },
    validate: zodValidate(startTrackingBodySchema),
  });

  if (programs.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('timer.noPrograms')}
      </Text>
    );
  }

  const submit = form.onSubmit((values) => {
    setError(null);
    start.mutate(
      { patientId, hospitalId, program: values.program, activity: values.activity.trim() || undefined },
      {
        onError: (err) => {
          form.setErrors(serverFieldErrors(err));
          setError(err instanceof ApiError ? err.message : t('timer.startFailed'));
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate data-testid="timer-start-form">
      <Stack gap="xs">
        {other && <OtherPatientTimer timer={other} fetchedAt={fetchedAt} />}
        {error && (
          <Alert color="red" role="alert" p="xs">
            {error}
          </Alert>
        )}
        <Select
            label={t('timer.program')}
            data={options}
            allowDeselect={false}
            required
            comboboxProps={{ withinPortal: true }}
            data-testid="timer-program"
            {...form.getInputProps('program')}
          />
          <TextInput
            label={t('timer.activity')}
            placeholder={t('timer.activityPlaceholder')}
            maxLength={TIME_ENTRY_ACTIVITY_MAX}
            data-testid="timer-activity"
            {...form.getInputProps('activity')}
          />
        <Button type="submit" leftSection={<IconPlayerPlay size={16} aria-hidden />} loading={start.isPending} data-testid="timer-start">
          {t('timer.start')}
        </Button>
      </Stack>
    </form>
  );
}

function OtherPatientTimer({ timer, fetchedAt }: { timer: OpenTimer; fetchedAt: number }) {
  const { t } = useTranslation('careTime');
  const elapsed = useElapsed(timer, fetchedAt);
  return (
    <Alert color="yellow" variant="light" p="xs" data-testid="timer-other-patient">
      <Stack gap={4}>
        <Group gap={6} wrap="wrap">
          <Text size="sm">{t('timer.otherPatient', { name: fullName(timer.patient) })}</Text>
          <Badge variant="outline" color="dark" ff="monospace">
            {formatMmSs(elapsed)}
          </Badge>
        </Group>
        <Anchor component={Link} to={`/patientdetails/${timer.patientId}`} size="sm">
          {t('timer.openOther')}
        </Anchor>
        <Text size="xs">{t('timer.startStopsOther')}</Text>
      </Stack>
    </Alert>
  );
}
