import { useState } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { invoices, Role, type Invoice, type InvoiceReference } from '@vigil/contract';
import { userOf } from '../../../testing/fixtures';
import { answer, type ReceivedRequest } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { InvoiceFormModal } from './InvoiceFormModal';

// Generating an invoice (docs/invoices.md): the month offered is the first open month with
// billable patients, also when the months arrive after the form opened (the references query of
// /invoices still loading when the admin clicks "Generate invoice").
const november: InvoiceReference = { year: 2026, month: 11, billablePatients: 3, invoiceId: null, status: null, displayNumber: '' };
const october: InvoiceReference = { year: 2026, month: 10, billablePatients: 2, invoiceId: 9, status: 'issued', displayNumber: '2026-000009' };

const saved: Invoice = {
  id: 31, organizationId: 4, organizationName: 'Hudson Care', year: 2026, month: 11, status: 'draft', number: null, displayNumber: '', invoiceDate: '2026-12-03', dueDate: '2027-01-02',
  language: 'en', unitPriceCents: 4999, discountCents: 0, discountPercent: 0, taxPercent: 0, subtotalCents: 14997, discountAmountCents: 0, taxAmountCents: 0, grandTotalCents: 14997,
  paymentMethods: '', terms: '', lines: [], createdAt: '2026-12-03T12:00:00.000Z', updatedAt: '2026-12-03T12:00:00.000Z',
};

describe('generate an invoice', () => {
  it('offers and sends the first billable open month once the months arrive after the form opened', async () => {
    const calls: ReceivedRequest[] = [];
    server.use(answer(invoices.generateInvoiceForOrganization, saved, calls));
    let savedWith: Invoice | null = null;
    let arrive: (refs: InvoiceReference[]) => void = () => undefined;
    // The page's references as its query gives them: none yet, then the months.
    function Page() {
      const [references, setReferences] = useState<InvoiceReference[]>([]);
      arrive = setReferences;
      return <InvoiceFormModal opened onClose={() => undefined} organizationId={4} invoice={null} onSaved={(i) => { savedWith = i; }} references={references} />;
    }
    await renderWithProviders(<Page />, { user: userOf(Role.ORGANIZATION_ADMIN) });
    const dialog = await screen.findByRole('dialog', { name: 'Generate an invoice' });
    act(() => arrive([october, november]));
    await waitFor(() => expect((within(dialog).getByTestId('invoice-period') as HTMLInputElement).value).toBe('November 2026 · 3 billable patients'));
    await userEvent.click(within(dialog).getByTestId('invoice-save'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({ organizationId: 4, year: 2026, month: 11 });
    await waitFor(() => expect(savedWith).toEqual(saved));
  });

  it('asks for a month when no open month has billable patients', async () => {
    const calls: ReceivedRequest[] = [];
    server.use(answer(invoices.generateInvoiceForOrganization, saved, calls));
    await renderWithProviders(<InvoiceFormModal opened onClose={() => undefined} organizationId={4} invoice={null} onSaved={() => undefined} references={[october]} />, { user: userOf(Role.ORGANIZATION_ADMIN) });
    const dialog = await screen.findByRole('dialog', { name: 'Generate an invoice' });
    await userEvent.click(within(dialog).getByTestId('invoice-save'));
    expect((await within(dialog).findByText('Choose a month')).textContent).toBe('Choose a month');
    expect(calls).toHaveLength(0);
  });
});
