import { Alert, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconCircleDashed, IconPlayerSkipForward, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type CallState = 'pending' | 'running' | 'done' | 'failed' | 'skipped';

export interface CallStep {
  key: string;
  label: string;
  state: CallState;
  /** The server's message when the call failed. */
  error?: string;
}

function StateIcon({ state }: { state: CallState }) {
  switch (state) {
    case 'running':
      return <Loader size={20} aria-hidden />;
    case 'done':
      return (
        <ThemeIcon color="teal" size={22} radius="xl" aria-hidden>
          <IconCheck size={14} />
        </ThemeIcon>
      );
    case 'failed':
      return (
        <ThemeIcon color="red.8" size={22} radius="xl" aria-hidden>
          <IconX size={14} />
        </ThemeIcon>
      );
    case 'skipped':
      return (
        <ThemeIcon color="gray.7" variant="light" size={22} radius="xl" aria-hidden>
          <IconPlayerSkipForward size={14} />
        </ThemeIcon>
      );
    case 'pending':
      return (
        <ThemeIcon color="gray.7" variant="light" size={22} radius="xl" aria-hidden>
          <IconCircleDashed size={14} />
        </ThemeIcon>
      );
  }
}

/**
 * The progress of a chain of calls a wizard makes on submit (HOUSE_STYLE section 5: long work shows
 * progress): one line per call with its state, and the server's message under a failed call.
 */
export function CallProgress({ steps, label }: { steps: CallStep[]; label: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" role="list" aria-label={label} aria-live="polite">
      {steps.map((s) => (
        <Stack key={s.key} gap={4} role="listitem" data-state={s.state} data-testid={`call-${s.key}`}>
          <Group gap="sm" wrap="nowrap">
            <StateIcon state={s.state} />
            <Text size="sm" fw={s.state === 'running' ? 600 : 400}>
              {s.label}
            </Text>
            <Text size="xs" c={s.state === 'failed' ? 'red.8' : 'dimmed'}>
              {t(`progress.${s.state}`)}
            </Text>
          </Group>
          {s.state === 'failed' && s.error && (
            <Alert color="red" variant="light" py="xs" ml={34} role="alert">
              <Text size="sm">{s.error}</Text>
            </Alert>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
