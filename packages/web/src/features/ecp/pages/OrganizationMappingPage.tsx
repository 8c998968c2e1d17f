import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Center, Group, Loader, Paper, ScrollArea, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconSearch, IconUnlink, IconWand } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { EcpOrganization } from '@vigil/contract';
import { confirmAction } from '../../../components/confirm';
import { EmptyState } from '../../../components/EmptyState';
import { OrganizationPicker } from '../../../components/OrganizationPicker';
import { PageHeader } from '../../../components/PageHeader';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { notify } from '../../../lib/notify';
import { useAutomaticOrganizationMapping, useEcpOrganizations, useSetEcpOrganizationMapping } from '../api/ecp';

const statusColor: Record<EcpOrganization['status'], string> = { new: 'gray', review: 'orange', mapped: 'green' };

/** The reasons the API gives (features/ecp/ecp.service.ts `automaticOrganizationMapping`), as locale keys. */
const reasonKeys: Record<string, string> = {
  communities: 'reasons.communities',
  confirmed: 'reasons.confirmed',
  unmapped: 'reasons.unmapped',
  'no match': 'reasons.noMatch',
};
const candidates = /^(\d+) candidates match by communities: choose one$/;

/**
 * /organizationMapping (portal-spec.md section 2 "ECP mapping"; docs/integrations.md "ECP"): ECP
 * organizations beside Vigil organizations, automatic suggestions with their reason, confirm a
 * choice, unmap (asked first).
 */
export default function OrganizationMappingPage() {
  const { t } = useTranslation('ecp');
  const canManage = useCan('ecp.manage');
  const list = useEcpOrganizations();
  const automatic = useAutomaticOrganizationMapping();
  const setMapping = useSetEcpOrganizationMapping();
  const [choice, setChoice] = useState<Record<number, string | null>>({});
  const [search, setSearch] = useState('');
  const failed = (err: unknown) => notify({ color: 'red', message: err instanceof ApiError ? err.message : t('errors.generic') });
  const reasonText = (reason: string | null) => {
    if (!reason) return '—';
    const tie = candidates.exec(reason);
    if (tie) return t('reasons.tieCommunities', { count: Number(tie[1]) });
    return reasonKeys[reason] ? t(reasonKeys[reason]) : reason;
  };
  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (list.data ?? []).filter((o) => !q || `${o.name} ${o.ecpOrganizationId} ${o.organizationName ?? ''}`.toLowerCase().includes(q));
  }, [list.data, search]);

  return (
    <>
      <PageHeader title={t('organizations.title')} description={t('organizations.description')} />
      <Paper withBorder>
        <Group p="sm" justify="space-between" wrap="wrap">
          <TextInput aria-label={t('search')} placeholder={t('search')} leftSection={<IconSearch size={16} aria-hidden />} value={search} onChange={(e) => setSearch(e.currentTarget.value)} w={240} />
          {canManage && (
            <Button
              leftSection={<IconWand size={18} aria-hidden />}
              loading={automatic.isPending}
              data-testid="ecp-organizations-automatic"
              onClick={() =>
                automatic.mutate({}, {
                  onSuccess: (r) => notify({ color: 'green', message: t('automatic.done', { mapped: r.mapped, review: r.review, unmatched: r.unmatched }) }),
                  onError: failed,
                })
              }
            >
              {t('automatic.action')}
            </Button>
          )}
        </Group>
        {list.isLoading ? (
          <Center p="xl">
            <Loader />
          </Center>
        ) : list.isError ? (
          <Alert color="red" m="md">
            {list.error.message}
          </Alert>
        ) : rows.length === 0 ? (
          <EmptyState text={t('organizations.empty')} />
        ) : (
          <ScrollArea>
            <Table striped data-testid="ecp-organization-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('organizations.ecpOrganization')}</Table.Th>
                  <Table.Th>{t('organizations.communities')}</Table.Th>
                  <Table.Th>{t('columns.status')}</Table.Th>
                  <Table.Th>{t('columns.reason')}</Table.Th>
                  <Table.Th>{t('organizations.vigilOrganization')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('organizations.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((o) => {
                  const label = o.name || o.ecpOrganizationId;
                  return (
                    <Table.Tr key={o.id}>
                      <Table.Td>
                        {label}
                        {o.name && (
                          <Text size="xs" c="dimmed">
                            {o.ecpOrganizationId}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{o.communities}</Table.Td>
                      <Table.Td>
                        <Badge color={statusColor[o.status]} variant="light" c="dark.8" tt="none" styles={{ root: { minWidth: 'max-content' } }}>
                          {t(`status.${o.status}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{reasonText(o.reason)}</Table.Td>
                      <Table.Td>{o.organizationName ?? '—'}</Table.Td>
                      <Table.Td>
                        {canManage && o.status === 'mapped' && (
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            leftSection={<IconUnlink size={16} aria-hidden />}
                            onClick={() =>
                              confirmAction({
                                title: t('unmap.title'),
                                text: t('organizations.unmapText', { name: label, organization: o.organizationName ?? '' }),
                                confirmLabel: t('unmap.action'),
                                danger: true,
                                onConfirm: () => setMapping.mutate({ id: o.id, organizationId: null }, { onError: failed }),
                              })
                            }
                          >
                            {t('unmap.action')}
                          </Button>
                        )}
                        {canManage && o.status !== 'mapped' && (
                          <Group gap="xs" wrap="nowrap">
                            <OrganizationPicker
                              size="xs"
                              w={220}
                              aria-label={t('organizations.choose', { name: label })}
                              placeholder={t('organizations.chooseShort')}
                              nothingFoundMessage={t('organizations.noneFound')}
                              value={choice[o.id] ?? null}
                              onChange={(v) => setChoice((c) => ({ ...c, [o.id]: v }))}
                            />
                            <Button
                              size="xs"
                              variant="light"
                              leftSection={<IconCheck size={16} aria-hidden />}
                              disabled={!choice[o.id]}
                              onClick={() => setMapping.mutate({ id: o.id, organizationId: Number(choice[o.id]) }, { onError: failed })}
                            >
                              {t('confirm.action')}
                            </Button>
                          </Group>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
      </Paper>
    </>
  );
}
