import { Alert, Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';

/**
 * The page shown instead of a report: no link in the address, an expired / revoked / unknown link
 * (404 'No public links!'), too many requests, or any other failure (with a retry).
 */
export function LinkUnavailable({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('publicLinks');
  const status = error instanceof ApiError ? error.status : 0;
  const gone = error === null || status === 404 || status === 400;
  let text = t('unavailable.text');
  if (error === null) { text = t('unavailable.noLink'); }
  else if (status === 429) { text = t('unavailable.tooMany'); }
  else if (!gone) { text = t('unavailable.error'); }
  return (
    <Paper withBorder shadow="sm" radius="lg" p="xl" maw={560} mx="auto" mt="xl">
      <Stack align="center" gap="md">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
          <IconLinkOff size={30} />
        </ThemeIcon>
        <Title order={1} fz="h2" ta="center">
          {t('unavailable.title')}
        </Title>
        <Text ta="center">{text}</Text>
        {error instanceof ApiError && (
          <Alert color="gray" variant="light" w="100%">
            <Text size="sm" ta="center">
              {error.message}
            </Text>
          </Alert>
        )}
        {!gone && onRetry && <Button onClick={onRetry}>{t('unavailable.retry')}</Button>}
      </Stack>
    </Paper>
  );
}
