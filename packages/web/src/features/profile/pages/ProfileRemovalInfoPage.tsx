import { Button, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicCard } from '../../../components/PublicCard';
import { useAuth } from '../../../lib/auth';

/** /profileremovalinfo (public): opened from the removal e-mail; the request was received, and what comes next. */
export default function ProfileRemovalInfoPage() {
  const { t } = useTranslation('profile');
  const { session } = useAuth();
  return (
    <PublicCard
      title={t('removalInfo.title')}
      subtitle={t('removalInfo.subtitle')}
      maxWidth={640}
      icon={
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
          <IconMailCheck size={28} />
        </ThemeIcon>
      }
    >
      <Stack gap="xs">
        <Title order={2} fz="h4">
          {t('removalInfo.nextTitle')}
        </Title>
        <List type="ordered" spacing="xs" size="sm">
          <List.Item>{t('removalInfo.next1')}</List.Item>
          <List.Item>{t('removalInfo.next2')}</List.Item>
          <List.Item>{t('removalInfo.next3')}</List.Item>
          <List.Item>{t('removalInfo.next4')}</List.Item>
        </List>
      </Stack>
      <Text size="sm">{t('removalInfo.records')}</Text>
      <Text size="sm" c="dimmed">
        {t('removalInfo.notYou')}
      </Text>
      <Button component={Link} to={session ? '/profile' : '/auth/login'} size="md">
        {session ? t('removalInfo.toProfile') : t('removalInfo.toLogin')}
      </Button>
    </PublicCard>
  );
}
