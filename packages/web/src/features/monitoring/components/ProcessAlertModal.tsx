import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications as toast } from '@mantine/notifications';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { markAsProcessedQuerySchema, RESOLUTION_COMMENTS_MAX, type NotificationWithPatient } from '@vigil/contract';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors, zodValidate } from '../../../lib/forms';
import { useMarkAsProcessed } from '../api/notifications';
import { alertReading, deviceTypeTitle, messageIn } from '../format';
import { RelativeTime } from './RelativeTime';
import { SeverityBadge, SimulatedBadge } from './SeverityBadge';
import { FormModal } from '../../../components/FormModal';

/**
 * Processing an alert (GET pushnotifications/markasprocessed): a resolution comment is required
 * (1 to 1000 characters, the contract's rule, so the browser and the server say the same); the
 * server records who and when and processes the team's copies with it.
 */
export function ProcessAlertModal({ alert, onClose }: { alert: NotificationWithPatient | null; onClose: () => void }) {
  const { t } = useTranslation('monitoring');
  return (
    <FormModal
      opened={alert !== null}
      onClose={onClose}
      title={t('process.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      data-testid="process-modal"
    >
      {alert && <ProcessForm key={alert.notificationId} alert={alert} onClose={onClose} />}
    </FormModal>
  );
}

function ProcessForm({ alert, onClose }: { alert: NotificationWithPatient; onClose: () => void }) {
  const { t, i18n } = useTranslation('monitoring');
  const process = useMarkAsProcessed();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { notificationid: alert.notificationId, resolutioncomments: '' },
    validate: zodValidate(markAsProcessedQuerySchema),
  });

  const submit = form.onSubmit((values) => {
    setError(null);
    process.mutate(
      { notificationid: values.notificationid, resolutioncomments: values.resolutioncomments.trim() },
      {
        onSuccess: (result) => {
          toast.show({
            color: 'teal',
            icon: <IconCircleCheck size={18} />,
            message: result.processedCount > 1 ? t('process.doneTeam', { count: result.processedCount - 1 }) : t('process.done'),
          });
          onClose();
        },
        onError: (err) => {
          form.setErrors(serverFieldErrors(err));
          setError(err instanceof ApiError ? err.message : t('process.failed'));
        },
      },
    );
  });

  const comments = form.getValues().resolutioncomments;
  const reading = alertReading(alert.deviceType, alert.values, i18n.language);
  const readingText = reading ? [reading.main, ...reading.rest].join(' · ') : null;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Paper withBorder p="sm" radius="md">
          <Stack gap={6}>
            <Group gap="xs" wrap="wrap">
              <SeverityBadge severity={alert.severity} />
              {alert.isSimulated && <SimulatedBadge />}
              <Text size="sm" fw={600}>
                {alert.patientFullname}
              </Text>
              <Text size="sm" c="dimmed">
                {deviceTypeTitle(alert.deviceType, i18n.language)}
              </Text>
            </Group>
            <Text size="sm">{readingText ?? messageIn(alert, i18n.language)}</Text>
            <RelativeTime value={alert.measuredAt ?? alert.timestamp} size="xs" c="dimmed" />
          </Stack>
        </Paper>
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {error}
          </Alert>
        )}
        <Textarea
          label={t('process.comment')}
          description={t('process.commentHelp', { count: comments.length, max: RESOLUTION_COMMENTS_MAX })}
          required
          autosize
          minRows={3}
          maxRows={8}
          maxLength={RESOLUTION_COMMENTS_MAX}
          data-autofocus
          data-testid="resolution-comment"
          {...form.getInputProps('resolutioncomments')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={process.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={process.isPending} data-testid="confirm-process">
            {t('process.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
