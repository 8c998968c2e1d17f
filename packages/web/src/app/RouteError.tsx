import { Alert, Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useRouteError } from 'react-router';

/**
 * The error element of every signed-in route (app/router.tsx): a render or loading error of one
 * screen replaces that screen only, inside the layout, with a translated message and the ways out
 * (reload, back). No detail of the error is shown except, in a development build, its message.
 */
export function RouteError() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const error = useRouteError();
  const detail = import.meta.env.DEV && error instanceof Error ? error.message : null;
  return (
    <Stack gap="md" maw={640} role="alert" data-testid="route-error">
      <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={<Title order={2} size="h4">{t('routeError.title')}</Title>}>
        <Text size="sm">{t('routeError.body')}</Text>
        {detail && <Code block mt="sm">{detail}</Code>}
      </Alert>
      <Group gap="sm">
        <Button leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </Button>
        <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={() => void navigate(-1)}>
          {t('routeError.back')}
        </Button>
      </Group>
    </Stack>
  );
}

/** What a signed-in user sees on a screen their role does not hold the permission of (inside the layout). */
export function Forbidden() {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} title={<Title order={2} size="h4">{t('forbidden.title')}</Title>} maw={640} data-testid="forbidden">
      <Text size="sm">{t('forbidden.body')}</Text>
    </Alert>
  );
}
