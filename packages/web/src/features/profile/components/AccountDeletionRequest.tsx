import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconMailCheck, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirmAction } from '../../../components/confirm';
import { ApiError } from '../../../lib/api-client';
import { useSendProfileRemovalEmail } from '../api/profile';

/** "Request account deletion": after a confirmation, e-mails the caller the removal link. */
export function AccountDeletionRequest({ email }: { email: string | null }) {
  const { t } = useTranslation('profile');
  const send = useSendProfileRemovalEmail();
  const [error, setError] = useState<string | null>(null);

  const ask = () =>
    confirmAction({
      title: t('deletion.confirmTitle'),
      text: t('deletion.confirmText', { email: email ?? '' }),
      confirmLabel: t('deletion.confirmButton'),
      onConfirm: () => {
        setError(null);
        send.mutate(undefined, { onError: (err) => setError(err instanceof ApiError ? err.message : t('networkError')) });
      },
    });

  return (
    <Stack gap="xs">
      <Title order={2} fz="h4">
        {t('deletion.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('deletion.text')}{' '}
        <Anchor component={Link} to="/accountdeletionrequest" size="sm" underline="always">
          {t('deletion.more')}
        </Anchor>
      </Text>
      {send.isSuccess ? (
        <Alert color="teal" icon={<IconMailCheck size={18} />} role="status">
          {t('deletion.sent', { email: email ?? '' })}
        </Alert>
      ) : (
        <Button
          color="red"
          variant="outline"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={ask}
          loading={send.isPending}
          disabled={!email}
          fullWidth
          h="auto"
          py={8}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
        >
          {t('deletion.button')}
        </Button>
      )}
      {!email && (
        <Text size="sm" c="dimmed">
          {t('deletion.noEmail')}
        </Text>
      )}
      {error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
