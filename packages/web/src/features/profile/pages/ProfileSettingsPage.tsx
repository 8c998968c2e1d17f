import type { ReactNode } from 'react';
import { Alert, Badge, Button, Center, Divider, Grid, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconKey, IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { useAuth } from '../../../lib/auth';
import { useUser } from '../../../lib/shared-reads';
import { AccountDeletionRequest } from '../components/AccountDeletionRequest';
import { ProfileForm } from '../components/ProfileForm';
import { ProfilePicture } from '../components/ProfilePicture';

function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** /profile: the signed-in user's profile, picture, password link and account-deletion request. */
export default function ProfileSettingsPage() {
  const { t } = useTranslation('profile');
  const { t: tc } = useTranslation();
  const { user: sessionUser } = useAuth();
  const profile = useUser(sessionUser?.id);
  const user = profile.data;

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Group gap="xs">
            <Button component={Link} to="/profile/security" variant="default" leftSection={<IconShieldLock size={16} aria-hidden />}>
              {t('security')}
            </Button>
            <Button component={Link} to="/profile/password" variant="default" leftSection={<IconKey size={16} aria-hidden />}>
              {t('changePassword')}
            </Button>
          </Group>
        }
      />
      {profile.isLoading && (
        <Center py="xl">
          <Loader aria-label={tc('list.loading')} />
        </Center>
      )}
      {profile.error && (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <Text size="sm">{profile.error.message}</Text>
            <Button size="xs" variant="default" onClick={() => void profile.refetch()}>
              {tc('actions.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {user && (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="lg">
              <Paper withBorder radius="md" p="lg">
                <Stack gap="md">
                  <ProfilePicture initials={`${user.firstName.charAt(0)}${user.lastName.charAt(0)}`} />
                  <Divider />
                  <InfoRow label={t('fields.username')}>{user.username}</InfoRow>
                  <InfoRow label={t('fields.email')}>
                    <Group gap={6} component="span">
                      <span>{user.email ?? '—'}</span>
                      {user.email && (
                        <Badge size="sm" variant="dot" tt="none" fw={500} color={user.emailValidated ? 'teal' : 'orange'}>
                          {user.emailValidated ? t('emailValidated') : t('emailNotValidated')}
                        </Badge>
                      )}
                    </Group>
                  </InfoRow>
                  <InfoRow label={t('fields.role')}>{tc(`roles.${user.roleId}`)}</InfoRow>
                  {user.organizationAssignedData && <InfoRow label={t('fields.organization')}>{user.organizationAssignedData.institutionName}</InfoRow>}
                  {user.hospitalsAssignedData.length > 0 && (
                    <InfoRow label={t('fields.offices')}>{user.hospitalsAssignedData.map((h) => h.hospitalName).join(', ')}</InfoRow>
                  )}
                  <Text size="xs" c="dimmed">
                    {t('emailHelp')}
                  </Text>
                </Stack>
              </Paper>
              <Paper withBorder radius="md" p="lg">
                <AccountDeletionRequest email={user.email} />
              </Paper>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Paper withBorder radius="md" p="lg">
              <ProfileForm key={user.id} user={user} />
            </Paper>
          </Grid.Col>
        </Grid>
      )}
    </>
  );
}
