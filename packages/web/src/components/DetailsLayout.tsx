import type { ReactNode } from 'react';
import { Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { IconEdit, IconInfoCircle, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Permission } from '@vigil/contract';
import { Can } from '../lib/can';
import { UserStatusBadge } from './UserStatusBadge';

export interface DetailsTab {
  value: string;
  label: string;
  icon: ReactNode;
  content: ReactNode;
}

interface Props {
  /** i18n namespace holding actions.edit, actions.delete and details.info. */
  ns: string;
  name: string;
  /** The name in Spanish, shown dimmed under the name when there is one. */
  nameESP?: string | null;
  /** A smaller dimmed line under the names. */
  subtitle?: ReactNode;
  status: number;
  /** Keep the names and the status badge on one line. */
  nowrap?: boolean;
  updatePermission: Permission;
  managePermission: Permission;
  onEdit: () => void;
  onDelete: () => void;
  /** The information tab's content (the first tab, open by default). */
  info: ReactNode;
  /** The other tabs, only those the user may see. */
  tabs: DetailsTab[];
}

/** A details drawer's body: the names and status, edit and delete buttons, and tabs starting with the information. */
export function DetailsLayout({ ns, name, nameESP, subtitle, status, nowrap, updatePermission, managePermission, onEdit, onDelete, info, tabs }: Props) {
  const { t } = useTranslation(ns);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap={nowrap ? 'nowrap' : undefined}>
        <Stack gap={2}>
          <Text fw={600} size="lg">
            {name}
          </Text>
          {nameESP && <Text c="dimmed">{nameESP}</Text>}
          {subtitle !== undefined && (
            <Text size="sm" c="dimmed">
              {subtitle}
            </Text>
          )}
        </Stack>
        <UserStatusBadge status={status} />
      </Group>
      <Group gap="sm">
        <Can permission={updatePermission}>
          <Button size="xs" variant="light" leftSection={<IconEdit size={16} aria-hidden />} onClick={onEdit}>
            {t('actions.edit')}
          </Button>
        </Can>
        <Can permission={managePermission}>
          <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={onDelete}>
            {t('actions.delete')}
          </Button>
        </Can>
      </Group>
      <Tabs defaultValue="info" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="info" leftSection={<IconInfoCircle size={16} aria-hidden />}>
            {t('details.info')}
          </Tabs.Tab>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value} leftSection={tab.icon}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="info" pt="md">
          {info}
        </Tabs.Panel>
        {tabs.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value} pt="md">
            {tab.content}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
