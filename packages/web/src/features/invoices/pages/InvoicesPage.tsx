import { useState } from 'react';
import { Badge, Button, Drawer, Group, Select, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { invoiceStatuses, type Invoice } from '@vigil/contract';
import { OrganizationPicker } from '../../../components/OrganizationPicker';
import { PageHeader } from '../../../components/PageHeader';
import { ServerTable, type Column, type PageState } from '../../../components/ServerTable';
import { useAuth } from '../../../lib/auth';
import { useCan } from '../../../lib/can';
import { formatDate, monthText } from '../../../lib/calendar';
import { useInvoicePage, useInvoiceReferences } from '../api/invoices';
import { InvoiceDetails, statusColor } from '../components/InvoiceDetails';
import { InvoiceFormModal } from '../components/InvoiceFormModal';
import { formatCents } from '../components/money';

const ALL = 'all';

/**
 * /invoices (portal-spec.md section 3 "Invoice"; docs/invoices.md): an organization's invoices,
 * filtered by status and year, paged and sorted on the server; generate one for a month from its
 * billable patients, edit the draft, issue it (numbered), mark it paid or overdue, void it, and
 * download its PDF. A system admin chooses the organization; an organization admin sees theirs.
 */
export default function InvoicesPage() {
  const { t, i18n } = useTranslation('invoices');
  const { user } = useAuth();
  const canManage = useCan('invoices.manage');
  const [organization, setOrganization] = useState<string | null>(user?.organizationId ? String(user.organizationId) : null);
  const organizationId = organization ? Number(organization) : null;
  const [status, setStatus] = useState<string>(ALL);
  const [year, setYear] = useState<string>(ALL);
  const [state, setState] = useState<PageState>({ page: 1, pageSize: 25, sort: '-period' });
  const [open, setOpen] = useState<Invoice | null>(null);
  const [form, setForm] = useState<'generate' | 'edit' | null>(null);
  const references = useInvoiceReferences(organizationId);
  const page = useInvoicePage({
    page: state.page,
    pageSize: state.pageSize,
    sort: state.sort as never,
    organizationId: organizationId ?? undefined,
    status: status === ALL ? undefined : (status as never),
    year: year === ALL ? undefined : Number(year),
  });
  const money = (c: number) => formatCents(c, i18n.language);
  const period = (r: { year: number; month: number }) => monthText(r, i18n.language);

  const columns: Column<Invoice>[] = [
    { header: t('fields.number'), sortKey: 'number', render: (r) => <Text size="sm" ff="monospace">{r.displayNumber || t('details.draftShort')}</Text> },
    { header: t('fields.period'), sortKey: 'period', render: (r) => period(r) },
    ...(user?.organizationId ? [] : [{ header: t('fields.organization'), render: (r: Invoice) => r.organizationName }]),
    {
      header: t('fields.status'),
      sortKey: 'status',
      render: (r) => (
        <Badge variant="light" color={statusColor[r.status]}>
          {t(`status.${r.status}`)}
        </Badge>
      ),
    },
    { header: t('fields.dueDate'), sortKey: 'dueDate', render: (r) => (r.dueDate ? formatDate(r.dueDate, i18n.language) : '—') },
    { header: t('fields.grandTotal'), sortKey: 'grandTotal', render: (r) => <Text size="sm" ta="right">{money(r.grandTotalCents)}</Text> },
  ];
  const years = [...new Set((references.data ?? []).map((r) => r.year))];
  const generate =
    canManage && organizationId !== null ? (
      <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setForm('generate')} data-testid="invoice-generate">
        {t('actions.generate')}
      </Button>
    ) : undefined;

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} actions={generate} />
      <Stack gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          {!user?.organizationId && (
            <OrganizationPicker w={300} label={t('filters.organization')} placeholder={t('filters.chooseOrganization')} value={organization} onChange={(v) => { setOrganization(v); setState((s) => ({ ...s, page: 1 })); }} nothingFoundMessage={t('filters.noOrganizations')} />
          )}
          <Select
            w={180}
            label={t('filters.status')}
            allowDeselect={false}
            data={[{ value: ALL, label: t('filters.anyStatus') }, ...invoiceStatuses.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
            value={status}
            onChange={(v) => { setStatus(v ?? ALL); setState((s) => ({ ...s, page: 1 })); }}
            data-testid="invoice-status-filter"
          />
          <Select
            w={140}
            label={t('filters.year')}
            allowDeselect={false}
            data={[{ value: ALL, label: t('filters.anyYear') }, ...years.map((y) => ({ value: String(y), label: String(y) }))]}
            value={year}
            onChange={(v) => { setYear(v ?? ALL); setState((s) => ({ ...s, page: 1 })); }}
          />
        </Group>
        <ServerTable
          caption={t('caption')}
          columns={columns}
          rows={page.data?.items}
          total={page.data?.total}
          state={state}
          onChange={setState}
          rowKey={(r) => r.id}
          rowProps={() => ({ 'data-testid': 'invoice-row' })}
          onRowClick={(r) => setOpen(r)}
          loading={page.isFetching}
          error={page.error}
          onRetry={() => void page.refetch()}
          emptyText={t('empty')}
          emptyAction={generate}
        />
      </Stack>
      <InvoiceDrawer invoice={open} onClose={() => setOpen(null)} onEdit={() => setForm('edit')} onChanged={setOpen} />
      <InvoiceFormModal
        opened={form !== null}
        onClose={() => setForm(null)}
        organizationId={organizationId}
        references={references.data ?? []}
        invoice={form === 'edit' ? open : null}
        onSaved={(saved) => setOpen(saved)}
      />
    </>
  );
}

/** The drawer of one invoice with its lines, totals and actions. */
function InvoiceDrawer({ invoice, onClose, onEdit, onChanged }: { invoice: Invoice | null; onClose: () => void; onEdit: () => void; onChanged: (invoice: Invoice) => void }) {
  const { t } = useTranslation('invoices');
  return (
    <Drawer opened={invoice !== null} onClose={onClose} position="right" size="xl" title={t('details.title')} closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      {invoice && <InvoiceDetails invoice={invoice} onEdit={onEdit} onDeleted={onClose} onChanged={onChanged} />}
    </Drawer>
  );
}
