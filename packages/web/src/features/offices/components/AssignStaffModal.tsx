import { useState } from 'react';
import { Alert, Button, Group, Modal, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { message, officeStaffRoleIds, type Office } from '@vigil/contract';
import { ApiError } from '../../../lib/api-client';
import { currentLang } from '../../../lib/i18n';
import { useAssignStaff, useUserPicker } from '../api/offices';

interface Option {
  value: string;
  label: string;
}

/**
 * Assigns staff to the office in one call (hospital/assignmultipleuserstohospital). The choice comes
 * from GET user for one role at a time, limited to the office's organization and to users not yet
 * assigned to it; choices are kept when the role changes.
 */
export function AssignStaffModal({ office, opened, onClose }: { office: Office; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('offices');
  const { t: tc } = useTranslation();
  const [roleId, setRoleId] = useState<string>(String(officeStaffRoleIds[0]));
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [chosen, setChosen] = useState<Option[]>([]);
  const [error, setError] = useState<string | null>(null);
  const assign = useAssignStaff();
  const q = useUserPicker({ roleId: Number(roleId), status: 1, search: debounced || undefined, page: 1, pageSize: 50, sort: 'lastName' }, opened);

  const candidates: Option[] = (q.data?.items ?? [])
    .filter((u) => u.organizationId === office.organizationId && !u.hospitalsAssignedData.some((h) => h.id === office.id))
    .map((u) => ({ value: String(u.id), label: `${u.lastName}, ${u.firstName}${u.email ? ` (${u.email})` : ''} · ${tc(`roles.${u.roleId}`)}` }));
  const data = [...chosen, ...candidates.filter((c) => !chosen.some((x) => x.value === c.value))];

  const close = () => {
    setChosen([]);
    setSearch('');
    setError(null);
    onClose();
  };

  const submit = () => {
    setError(null);
    if (chosen.length === 0) {
      setError(message('required', currentLang()));
      return;
    }
    assign.mutate(
      { hospitalId: office.id, userIds: chosen.map((c) => Number(c.value)) },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('staff.assigned', { count: chosen.length }) });
          close();
        },
        onError: (err) => setError(err instanceof ApiError ? err.message : tc('list.error')),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t('staff.assignTitle')} size="lg" closeButtonProps={{ 'aria-label': tc('actions.close') }}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('staff.assignText')}
        </Text>
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {error}
          </Alert>
        )}
        <Select
          label={t('staff.role')}
          allowDeselect={false}
          data={officeStaffRoleIds.map((id) => ({ value: String(id), label: tc(`roles.${id}`) }))}
          value={roleId}
          onChange={(v) => v && setRoleId(v)}
        />
        <MultiSelect
          label={t('staff.people')}
          placeholder={t('staff.peoplePlaceholder')}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options }) => options}
          nothingFoundMessage={q.isFetching ? tc('list.loading') : t('staff.nobody')}
          data={data}
          value={chosen.map((c) => c.value)}
          onChange={(values) => setChosen(values.map((v) => data.find((d) => d.value === v) ?? { value: v, label: v }))}
          maxDropdownHeight={260}
          hidePickedOptions
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {tc('actions.cancel')}
          </Button>
          <Button onClick={submit} loading={assign.isPending}>
            {t('staff.assignSubmit', { count: chosen.length })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
