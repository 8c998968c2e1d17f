import { Badge, Button, Divider, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconPencil, IconSend, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { invoiceTransitions, type Invoice, type InvoiceStatus } from '@vigil/contract';
import { confirmAction } from '../../../components/confirm';
import { ApiError } from '../../../lib/api-client';
import { formatDate, monthText } from '../../../lib/calendar';
import { notify } from '../../../lib/notify';
import { useDeleteInvoice, useDownloadInvoicePdf, useUpdateInvoice } from '../api/invoices';
import { formatCents } from './money';

export const statusColor: Record<InvoiceStatus, string> = { draft: 'gray', issued: 'blue', paid: 'teal', overdue: 'orange', void: 'red' };

/** One invoice: its lines and totals, and the actions its status allows (edit and delete a draft, issue, mark paid or overdue, void, PDF). */
export function InvoiceDetails({ invoice, onEdit, onDeleted, onChanged }: { invoice: Invoice; onEdit: () => void; onDeleted: () => void; onChanged: (invoice: Invoice) => void }) {
  const { t, i18n } = useTranslation('invoices');
  const update = useUpdateInvoice();
  const remove = useDeleteInvoice();
  const pdf = useDownloadInvoicePdf();
  const money = (c: number) => formatCents(c, i18n.language);
  const percent = (p: number) => `${new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(p)} %`;
  // Overdue is offered only once the due date has passed (the server refuses it before: 409).
  const pastDue = invoice.dueDate !== null && invoice.dueDate < new Date().toISOString().slice(0, 10);
  const failed = (err: unknown) => notify({ color: 'red', message: err instanceof ApiError ? err.message : t('errors.saveFailed') });

  const move = (to: InvoiceStatus) =>
    confirmAction({
      title: t(`transition.${to}.title`),
      text: t(`transition.${to}.text`),
      confirmLabel: t(`transition.${to}.confirm`),
      danger: to === 'void',
      onConfirm: () =>
        update.mutate(
          { id: invoice.id, status: to },
          {
            onSuccess: (saved) => {
              notify({ color: 'teal', message: t(`transition.${to}.done`) });
              onChanged(saved);
            },
            onError: failed,
          },
        ),
    });
  const askDelete = () =>
    confirmAction({
      title: t('delete.title'),
      text: t('delete.text'),
      confirmLabel: t('common:actions.delete'),
      onConfirm: () => remove.mutate(invoice.id, { onSuccess: () => { notify({ color: 'teal', message: t('delete.done') }); onDeleted(); }, onError: failed }),
    });
  const fileName = `invoice-${invoice.displayNumber || `draft-${invoice.id}`}.pdf`;
  const period = monthText(invoice, i18n.language);

  return (
    <Stack gap="sm" data-testid="invoice-details">
      <Group justify="space-between">
        <div>
          <Title order={3}>{invoice.displayNumber ? t('details.numbered', { number: invoice.displayNumber }) : t('details.draft')}</Title>
          <Text size="sm" c="dimmed">
            {invoice.organizationName} · {period}
          </Text>
        </div>
        <Badge size="lg" variant="light" color={statusColor[invoice.status]} data-testid="invoice-status">
          {t(`status.${invoice.status}`)}
        </Badge>
      </Group>
      <Group gap="lg">
        <Text size="sm">{t('fields.invoiceDate')}: {invoice.invoiceDate ? formatDate(invoice.invoiceDate, i18n.language) : '—'}</Text>
        <Text size="sm">{t('fields.dueDate')}: {invoice.dueDate ? formatDate(invoice.dueDate, i18n.language) : '—'}</Text>
      </Group>
      <Table striped verticalSpacing="xs">
        <caption className="vigil-visually-hidden">{t('details.lines')}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('fields.office')}</Table.Th>
            <Table.Th ta="right">{t('fields.patients')}</Table.Th>
            <Table.Th ta="right">{t('fields.unitPrice')}</Table.Th>
            <Table.Th ta="right">{t('fields.amount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoice.lines.map((l) => (
            <Table.Tr key={l.id} data-testid="invoice-line">
              <Table.Td>{l.description}</Table.Td>
              <Table.Td ta="right">{l.quantity}</Table.Td>
              <Table.Td ta="right">{money(l.unitPriceCents)}</Table.Td>
              <Table.Td ta="right">{money(l.amountCents)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap={2} align="flex-end">
        <Text size="sm">{t('fields.subtotal')}: {money(invoice.subtotalCents)}</Text>
        <Text size="sm">
          {t('fields.discount')}
          {invoice.discountPercent > 0 ? ` (${percent(invoice.discountPercent)})` : ''}: −{money(invoice.discountAmountCents)}
        </Text>
        <Text size="sm">
          {t('fields.tax')} ({percent(invoice.taxPercent)}): {money(invoice.taxAmountCents)}
        </Text>
        <Text fw={700} data-testid="invoice-total">
          {t('fields.grandTotal')}: {money(invoice.grandTotalCents)}
        </Text>
      </Stack>
      {(invoice.paymentMethods || invoice.terms) && <Divider />}
      {invoice.paymentMethods && <Text size="sm">{t('fields.paymentMethods')}: {invoice.paymentMethods}</Text>}
      {invoice.terms && <Text size="sm">{t('fields.terms')}: {invoice.terms}</Text>}
      <Group gap="sm" wrap="wrap">
        <Button variant="light" leftSection={<IconDownload size={16} aria-hidden />} loading={pdf.isPending} onClick={() => pdf.mutate({ id: invoice.id, fileName }, { onError: failed })} data-testid="invoice-pdf">
          {t('actions.pdf')}
        </Button>
        {invoice.status === 'draft' && (
          <>
            <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={onEdit} data-testid="invoice-edit">
              {t('actions.edit')}
            </Button>
            <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={askDelete} data-testid="invoice-delete">
              {t('actions.delete')}
            </Button>
          </>
        )}
        {invoiceTransitions[invoice.status].filter((to) => to !== 'overdue' || pastDue).map((to) => (
          <Button key={to} variant={to === 'void' ? 'subtle' : 'filled'} color={to === 'void' ? 'red' : undefined} leftSection={to === 'issued' ? <IconSend size={16} aria-hidden /> : undefined} onClick={() => move(to)} data-testid={`invoice-to-${to}`}>
            {t(`transition.${to}.action`)}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
