import { Anchor, Button, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicCard } from '../../../components/PublicCard';
import { useAuth } from '../../../lib/auth';

/**
 * /accountdeletionrequest (public): how to ask for the deletion of a Vigil account, and what happens
 * to the clinical records (kept as the law requires; the account is deactivated).
 */
export default function AccountDeletionRequestPage() {
  const { t } = useTranslation('profile');
  const { session } = useAuth();
  return (
    <PublicCard title={t('deletionPage.title')} subtitle={t('deletionPage.subtitle')} maxWidth={640}>
      <Stack gap="xs">
        <Title order={2} fz="h4">
          {t('deletionPage.howTitle')}
        </Title>
        <List type="ordered" spacing="xs" size="sm">
          <List.Item>{t('deletionPage.how1')}</List.Item>
          <List.Item>{t('deletionPage.how2')}</List.Item>
          <List.Item>{t('deletionPage.how3')}</List.Item>
        </List>
        <Text size="sm">{t('deletionPage.noAccess')}</Text>
      </Stack>
      <Stack gap="xs">
        <Title order={2} fz="h4">
          {t('deletionPage.whatTitle')}
        </Title>
        <List spacing="xs" size="sm">
          <List.Item>{t('deletionPage.what1')}</List.Item>
          <List.Item>{t('deletionPage.what2')}</List.Item>
          <List.Item>{t('deletionPage.what3')}</List.Item>
          <List.Item>{t('deletionPage.what4')}</List.Item>
        </List>
      </Stack>
      {session ? (
        <Button component={Link} to="/profile" size="md">
          {t('deletionPage.toProfile')}
        </Button>
      ) : (
        <Button component={Link} to="/auth/login?redirect=%2Fprofile" size="md">
          {t('deletionPage.signIn')}
        </Button>
      )}
      <Anchor component={Link} to="/auth/forgetpassword" size="sm" ta="center">
        {t('deletionPage.forgot')}
      </Anchor>
    </PublicCard>
  );
}
