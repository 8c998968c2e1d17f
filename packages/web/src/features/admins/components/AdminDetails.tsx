import { Button, Group, Stack, Text } from '@mantine/core';
import { IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { UserStatus, type User } from '@vigil/contract';
import { useCountryName } from '../../../components/CountrySelect';
import { DetailList } from '../../../components/DetailList';
import { UserStatusBadge } from '../../../components/UserStatusBadge';
import { useUser } from '../../../lib/shared-reads';
import { useStatusToggle } from './useStatusToggle';

/** The details drawer of an admin: contact, organization, offices and status. */
export function AdminDetails({ admin: initial }: { admin: User }) {
  const { t } = useTranslation('admins');
  const { t: tc } = useTranslation();
  const { data } = useUser(initial.id, { initialData: initial, initialDataUpdatedAt: 0 });
  const admin = data ?? initial;
  const countryName = useCountryName();
  const { mayToggle, toggle } = useStatusToggle();
  const active = admin.status === UserStatus.ACTIVE;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Text fw={600} size="lg">
            {admin.firstName} {admin.lastName}
          </Text>
          <Text size="sm" c="dimmed">
            {tc(`roles.${admin.roleId}`)}
          </Text>
        </Stack>
        <UserStatusBadge status={admin.status} />
      </Group>
      {mayToggle(admin) && (
        <Group>
          <Button
            size="xs"
            variant="light"
            color={active ? 'red' : 'teal'}
            leftSection={active ? <IconUserOff size={16} aria-hidden /> : <IconUserCheck size={16} aria-hidden />}
            onClick={() => toggle(admin)}
          >
            {t(active ? 'status.deactivate' : 'status.activate')}
          </Button>
        </Group>
      )}
      <DetailList
        items={[
          { label: t('fields.username'), value: admin.username },
          { label: t('fields.email'), value: admin.email ?? '' },
          { label: t('fields.phone'), value: admin.phone },
          { label: t('fields.country'), value: countryName(admin.country) },
          { label: t('fields.organization'), value: admin.organizationAssignedData?.institutionName ?? '' },
          { label: t('fields.emailValidated'), value: t(admin.emailValidated ? 'fields.yes' : 'fields.no') },
          ...(admin.hospitalsAssignedData.length > 0
            ? [{ label: t('fields.offices'), value: admin.hospitalsAssignedData.map((h) => h.hospitalName).join(', ') }]
            : []),
        ]}
      />
    </Stack>
  );
}
