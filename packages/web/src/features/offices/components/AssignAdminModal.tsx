import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text, type ComboboxItem } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { message, Role, type Office } from '@vigil/contract';
import { ApiError } from '../../../lib/api-client';
import { currentLang } from '../../../lib/i18n';
import { useAssignAdmin, useUserPicker } from '../api/offices';

/** Makes an office admin (role 6) of the office's organization an admin of this office (hospital/assignadmintohospital). */
export function AssignAdminModal({ office, opened, onClose }: { office: Office; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('offices');
  const { t: tc } = useTranslation();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<ComboboxItem | null>(null);
  const userId = selected?.value ?? null;
  // once chosen, the search box shows the chosen name: list everybody again rather than that one name
  const [debounced] = useDebouncedValue(selected && search === selected.label ? '' : search, 300);
  const [error, setError] = useState<string | null>(null);
  const assign = useAssignAdmin();
  const q = useUserPicker({ roleId: Role.HOSPITAL_ADMIN, status: 1, search: debounced || undefined, page: 1, pageSize: 50, sort: 'lastName' }, opened);
  const options = (q.data?.items ?? [])
    .filter((u) => u.organizationId === office.organizationId && !u.hospitalsAssignedData.some((h) => h.id === office.id && h.isAdmin))
    .map((u) => ({ value: String(u.id), label: `${u.lastName}, ${u.firstName}${u.email ? ` (${u.email})` : ''}` }));
  if (selected && !options.some((o) => o.value === selected.value)) { options.unshift(selected); }

  const close = () => {
    setSelected(null);
    setSearch('');
    setError(null);
    onClose();
  };

  const submit = () => {
    setError(null);
    if (!userId) {
      setError(message('required', currentLang()));
      return;
    }
    assign.mutate(
      { hospitalId: office.id, userId: Number(userId) },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('admins.assigned') });
          close();
        },
        onError: (err) => setError(err instanceof ApiError ? err.message : tc('list.error')),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t('admins.assignTitle')} size="lg" closeButtonProps={{ 'aria-label': tc('actions.close') }}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('admins.assignText')}
        </Text>
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {error}
          </Alert>
        )}
        <Select
          label={t('admins.person')}
          placeholder={t('staff.peoplePlaceholder')}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          nothingFoundMessage={q.isFetching ? tc('list.loading') : t('staff.nobody')}
          data={options}
          value={userId}
          onChange={(_v, option) => setSelected(option ?? null)}
          maxDropdownHeight={260}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {tc('actions.cancel')}
          </Button>
          <Button onClick={submit} loading={assign.isPending}>
            {t('admins.assignSubmit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
