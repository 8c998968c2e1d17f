import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { monthText } from '../../../lib/calendar';
import type { Invoice, InvoiceReference } from '@vigil/contract';
import { DateField } from '../../../components/DateField';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useGenerateInvoice, useUpdateInvoice } from '../api/invoices';
import { toCents } from './money';
import { FormModal } from '../../../components/FormModal';

interface Values {
  /** The chosen month (`year-month`); undefined until the user chooses: the first billable open month. */
  period: string | null | undefined;
  unitPrice: number;
  discountKind: 'amount' | 'percent';
  discount: number;
  taxPercent: number;
  invoiceDate: string | null;
  dueDate: string | null;
  language: 'en' | 'es';
  paymentMethods: string;
  terms: string;
}

/**
 * Generate an invoice for a month (POST invoice/generateinvoicefororganization) or edit a draft
 * (PUT invoice/updateinvoicefororganization): unit price per billable patient, a discount as an
 * amount or a percentage, tax, dates, language of the PDF, payment methods and terms. Amounts are
 * typed in dollars and sent as whole cents.
 */
export function InvoiceFormModal(props: { opened: boolean; onClose: () => void; organizationId: number | null; references: InvoiceReference[]; invoice: Invoice | null; onSaved: (invoice: Invoice) => void }) {
  const { t } = useTranslation('invoices');
  return (
    <FormModal opened={props.opened} onClose={props.onClose} title={props.invoice ? t('form.editTitle') : t('form.generateTitle')} size="lg" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      {props.opened && <InvoiceForm {...props} />}
    </FormModal>
  );
}

function InvoiceForm({ onClose, organizationId, references, invoice, onSaved }: { onClose: () => void; organizationId: number | null; references: InvoiceReference[]; invoice: Invoice | null; onSaved: (invoice: Invoice) => void }) {
  const { t, i18n } = useTranslation('invoices');
  const generate = useGenerateInvoice();
  const update = useUpdateInvoice();
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const open = references.filter((r) => r.invoiceId === null);
  const firstBillable = open.find((r) => r.billablePatients > 0);
  const [v, setV] = useState<Values>({
    period: invoice ? `${invoice.year}-${invoice.month}` : undefined,
    unitPrice: invoice ? invoice.unitPriceCents / 100 : 50,
    discountKind: invoice && invoice.discountCents > 0 ? 'amount' : 'percent',
    discount: invoice ? (invoice.discountCents > 0 ? invoice.discountCents / 100 : invoice.discountPercent) : 0,
    taxPercent: invoice?.taxPercent ?? 0,
    invoiceDate: invoice?.invoiceDate ?? null,
    dueDate: invoice?.dueDate ?? null,
    language: invoice?.language ?? (i18n.language.startsWith('en') ? 'en' : 'es'),
    paymentMethods: invoice?.paymentMethods ?? '',
    terms: invoice?.terms ?? '',
  });
  // The months may arrive after the form opened (the references query still loading): until the
  // user chooses, the month shown and sent is the first open month with billable patients.
  const period = v.period === undefined ? (firstBillable ? `${firstBillable.year}-${firstBillable.month}` : null) : v.period;
  const set = <K extends keyof Values>(k: K, value: Values[K]) => setV((prev) => ({ ...prev, [k]: value }));
  const monthLabel = (r: InvoiceReference) => `${monthText(r, i18n.language)} · ${t('form.billablePatients', { count: r.billablePatients })}`;

  const failed = (err: unknown) => {
    setError(err instanceof ApiError ? err.message : t('errors.saveFailed'));
    if (err instanceof ApiError) { setFieldErrors(err.fieldErrors); }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setFieldErrors({});
    const terms = {
      unitPriceCents: toCents(v.unitPrice),
      discountCents: v.discountKind === 'amount' ? toCents(v.discount) : 0,
      discountPercent: v.discountKind === 'percent' ? Number(v.discount) : 0,
      taxPercent: Number(v.taxPercent),
      invoiceDate: v.invoiceDate ?? undefined,
      dueDate: v.dueDate ?? undefined,
      language: v.language,
      paymentMethods: v.paymentMethods,
      terms: v.terms,
    };
    const done = (saved: Invoice) => {
      notify({ color: 'teal', message: invoice ? t('form.updated') : t('form.generated') });
      onSaved(saved);
      onClose();
    };
    if (invoice) {
      update.mutate({ id: invoice.id, ...terms }, { onSuccess: done, onError: failed });
      return;
    }
    if (!period || organizationId === null) {
      setFieldErrors({ period: t('form.periodRequired') });
      return;
    }
    const [year, month] = period.split('-').map(Number) as [number, number];
    generate.mutate({ organizationId, year, month, ...terms }, { onSuccess: done, onError: failed });
  };
  const pending = generate.isPending || update.isPending;

  return (
    <form onSubmit={submit} noValidate data-testid="invoice-form">
      <Stack gap="md">
        {error && (
          <Alert color="red" role="alert" data-testid="invoice-form-error">
            {error}
          </Alert>
        )}
        {!invoice && (
          <Select
            label={t('form.period')}
            required
            data={open.map((r) => ({ value: `${r.year}-${r.month}`, label: monthLabel(r) }))}
            value={period}
            onChange={(p) => set('period', p)}
            error={fieldErrors.period ?? fieldErrors.month}
            nothingFoundMessage={t('form.noMonths')}
            data-testid="invoice-period"
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NumberInput label={t('form.unitPrice')} description={t('form.unitPriceHelp')} required min={0} decimalScale={2} fixedDecimalScale prefix="$" value={v.unitPrice} onChange={(n) => set('unitPrice', Number(n) || 0)} error={fieldErrors.unitPriceCents} data-testid="invoice-unit-price" />
          <NumberInput label={t('form.taxPercent')} min={0} max={100} decimalScale={2} suffix=" %" value={v.taxPercent} onChange={(n) => set('taxPercent', Number(n) || 0)} error={fieldErrors.taxPercent} data-testid="invoice-tax" />
        </SimpleGrid>
        <Group align="flex-end" gap="sm" grow>
          <Stack gap={4}>
            <SegmentedControl
              aria-label={t('form.discountKind')}
              value={v.discountKind}
              onChange={(k) => set('discountKind', k as Values['discountKind'])}
              data={[
                { value: 'percent', label: t('form.discountPercent') },
                { value: 'amount', label: t('form.discountAmount') },
              ]}
            />
            <NumberInput
              aria-label={t('form.discount')}
              min={0}
              max={v.discountKind === 'percent' ? 100 : undefined}
              decimalScale={2}
              prefix={v.discountKind === 'amount' ? '$' : undefined}
              suffix={v.discountKind === 'percent' ? ' %' : undefined}
              value={v.discount}
              onChange={(n) => set('discount', Number(n) || 0)}
              error={fieldErrors.discountCents ?? fieldErrors.discountPercent}
              data-testid="invoice-discount"
            />
          </Stack>
          <Select
            label={t('form.language')}
            allowDeselect={false}
            data={[
              { value: 'es', label: t('form.languages.es') },
              { value: 'en', label: t('form.languages.en') },
            ]}
            value={v.language}
            onChange={(l) => set('language', (l ?? 'es') as 'en' | 'es')}
          />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DateField label={t('form.invoiceDate')} value={v.invoiceDate} onChange={(d) => set('invoiceDate', d || null)} clearable error={fieldErrors.invoiceDate} />
          <DateField label={t('form.dueDate')} description={t('form.dueDateHelp')} value={v.dueDate} onChange={(d) => set('dueDate', d || null)} clearable error={fieldErrors.dueDate} />
        </SimpleGrid>
        <Textarea label={t('form.paymentMethods')} autosize minRows={1} maxLength={500} value={v.paymentMethods} onChange={(e) => set('paymentMethods', e.currentTarget.value)} data-testid="invoice-payment-methods" />
        <Textarea label={t('form.terms')} autosize minRows={2} maxLength={2000} value={v.terms} onChange={(e) => set('terms', e.currentTarget.value)} data-testid="invoice-terms" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={pending} data-testid="invoice-save">
            {invoice ? t('common:actions.save') : t('actions.generate')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
