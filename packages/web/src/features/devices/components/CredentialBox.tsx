import { ActionIcon, Alert, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

function CopyLine({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { t } = useTranslation('devices');
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code block style={{ flex: 1, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} data-testid={testId}>
          {value}
        </Code>
        <CopyButton value={value} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('credential.copied') : t('credential.copy')} withArrow>
              <ActionIcon variant={copied ? 'filled' : 'light'} color={copied ? 'teal' : 'blue'} size="lg" onClick={copy} aria-label={t('credential.copyLabel', { what: label })}>
                {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/**
 * A hub's ingestion credential, shown the one time the server answers it: a copyable box, a clear
 * warning that it will not be shown again, and how a hub sends it (the HubToken header).
 */
export function CredentialBox({ credential, hubIdentifier }: { credential: string; hubIdentifier: string }) {
  const { t } = useTranslation('devices');
  return (
    <Stack gap="md" data-testid="credential-box">
      <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('credential.onceTitle')} role="alert" styles={{ label: { color: 'var(--mantine-color-text)' } }}>
        {t('credential.onceText', { hub: hubIdentifier })}
      </Alert>
      <CopyLine label={t('credential.label')} value={credential} testId="credential-value" />
      <CopyLine label={t('credential.usage')} value={`HubToken: ${credential}`} />
      <Text size="sm" c="dimmed">
        {t('credential.usageHint')}
      </Text>
    </Stack>
  );
}
