import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Verifier } from '@vigil/contract';
import { confirmAction } from '../../../components/confirm';
import { PageHeader } from '../../../components/PageHeader';
import { SearchInput } from '../../../components/SearchInput';
import { ServerTable, type Column, type PageState } from '../../../components/ServerTable';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { currentLang } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useDeleteVerifier, useVerifierDomains, useVerifierPage } from '../api/verifiers';
import { VerifierFormModal } from '../components/VerifierFormModal';
import { Icd10cmReleasesSection } from '../../diagnoses';

const ALL = 'all';

/**
 * /Verifier (portal-spec.md section 7 "Verifiers"): the reference-value domains and their values,
 * filtered by domain and status and searched (value or descriptions), paged and sorted on the
 * server (GET verifier/getallverifiers, verifier/dinstinctDomains). Users holding verifiers.manage
 * (system admin, verifier) create, edit and delete values; a delete asks first and the server
 * refuses (409) a value still in use.
 */
export default function VerifiersPage() {
  const { t } = useTranslation('verifiers');
  const canManage = useCan('verifiers.manage');
  const domains = useVerifierDomains();
  const [domain, setDomain] = useState<string>(ALL);
  const [status, setStatus] = useState<string>(ALL);
  const [state, setState] = useState<PageState>({ page: 1, pageSize: 25, sort: 'sortOrder' });
  const [editing, setEditing] = useState<Verifier | 'new' | null>(null);
  const remove = useDeleteVerifier();
  const query = useVerifierPage({
    page: state.page,
    pageSize: state.pageSize,
    sort: state.sort as never,
    search: state.search || undefined,
    domain: domain === ALL ? undefined : domain,
    status: status === ALL ? undefined : Number(status),
  });
  const es = currentLang() === 'es';

  const askDelete = (v: Verifier) =>
    confirmAction({
      title: t('delete.title'),
      text: t('delete.text', { value: v.lowValue, domain: v.rvDomain }),
      confirmLabel: t('common:actions.delete'),
      onConfirm: () =>
        remove.mutate(v.id, {
          onSuccess: () => notify({ color: 'teal', message: t('delete.done', { value: v.lowValue }) }),
          onError: (err) => notify({ color: 'red', message: err instanceof ApiError ? err.message : t('errors.deleteFailed') }),
        }),
    });

  const columns: Column<Verifier>[] = [
    { header: t('fields.rvDomain'), sortKey: 'rvDomain', render: (v) => <Text size="sm" ff="monospace">{v.rvDomain}</Text> },
    { header: t('fields.lowValue'), sortKey: 'lowValue', render: (v) => <Text size="sm" ff="monospace">{v.lowValue}</Text> },
    {
      header: t('fields.description'),
      sortKey: 'longDescription',
      render: (v) => <Text size="sm">{(es && v.longDescriptionEsp) || v.longDescription}</Text>,
    },
    { header: t('fields.sortOrder'), sortKey: 'sortOrder', render: (v) => v.sortOrder },
    {
      header: t('fields.status'),
      width: 120,
      render: (v) => (
        <Badge variant="light" color={v.status === 1 ? 'teal' : 'gray'}>
          {v.status === 1 ? t('status.active') : t('status.inactive')}
        </Badge>
      ),
    },
    ...(canManage
      ? [
          {
            header: t('fields.actions'),
            render: (v: Verifier) => (
              <Group gap={4} wrap="nowrap">
                <ActionIcon variant="subtle" color="gray.7" aria-label={t('actions.edit', { value: v.lowValue })} onClick={() => setEditing(v)} data-testid="verifier-edit">
                  <IconPencil size={16} />
                </ActionIcon>
                <ActionIcon variant="subtle" color="red.8" aria-label={t('actions.delete', { value: v.lowValue })} onClick={() => askDelete(v)} data-testid="verifier-delete">
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ),
          },
        ]
      : []),
  ];

  const create = canManage ? (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')} data-testid="new-verifier">
      {t('actions.create')}
    </Button>
  ) : undefined;

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} actions={create} />
      <Stack gap="sm">
        <Group gap="sm" align="flex-end">
          <Select
            w={280}
            label={t('filters.domain')}
            searchable
            allowDeselect={false}
            data={[{ value: ALL, label: t('filters.allDomains') }, ...(domains.data ?? []).map((d) => ({ value: d, label: d }))]}
            value={domain}
            onChange={(v) => {
              setDomain(v ?? ALL);
              setState((s) => ({ ...s, page: 1 }));
            }}
            data-testid="verifier-domain-filter"
          />
          <Select
            w={180}
            label={t('filters.status')}
            allowDeselect={false}
            data={[
              { value: ALL, label: t('filters.anyStatus') },
              { value: '1', label: t('status.active') },
              { value: '0', label: t('status.inactive') },
            ]}
            value={status}
            onChange={(v) => {
              setStatus(v ?? ALL);
              setState((s) => ({ ...s, page: 1 }));
            }}
          />
          <SearchInput label={t('filters.search')} value={state.search} onChange={(search) => setState((s) => ({ ...s, page: 1, search }))} />
        </Group>
        <ServerTable
          caption={t('caption')}
          columns={columns}
          rows={query.data?.items}
          total={query.data?.total}
          state={state}
          onChange={setState}
          rowKey={(v) => v.id}
          rowProps={() => ({ 'data-testid': 'verifier-row' })}
          loading={query.isFetching}
          error={query.error}
          onRetry={() => void query.refetch()}
          emptyText={t('empty')}
          emptyAction={create}
        />
        <Icd10cmReleasesSection />
      </Stack>
      <VerifierFormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        verifier={editing === 'new' ? null : editing}
        domains={domains.data ?? []}
        defaultDomain={domain === ALL ? '' : domain}
      />
    </>
  );
}
