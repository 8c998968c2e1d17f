import { Code, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Recovery codes shown once, with the advice to keep them. */
export function RecoveryCodesList({ codes }: { codes: string[] }) {
  const { t } = useTranslation('mfa');
  return (
    <Stack gap="xs">
      <Text fw={600}>{t('codes.title')}</Text>
      <Text size="sm">{t('codes.text')}</Text>
      <List data-testid="recovery-codes" spacing={2}>
        {codes.map((c) => (
          <List.Item key={c}>
            <Code>{c}</Code>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
