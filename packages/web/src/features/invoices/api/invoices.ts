import { keepPreviousData, useMutation } from '@tanstack/react-query';
import { invoices, type InvoiceListQuery, type GenerateInvoiceBody, type UpdateInvoiceBody } from '@vigil/contract';
import { callBlob } from '../../../lib/api-client';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query';
import { saveFile } from '../../../lib/save-file';

/** The reads a change of an invoice makes stale (the list, the month references). */
const invoiceReads = [invoices] as const;

/** GET invoice/getinvoices: a page of invoices, filtered and sorted on the server. */
export function useInvoicePage(query: Partial<InvoiceListQuery>) {
  return useEndpointQuery(invoices.getInvoices, { query }, { placeholderData: keepPreviousData });
}

/** GET invoice/getinvoicereferencesfororganization: the last 24 months with their billable patients and invoices. */
export function useInvoiceReferences(organizationId: number | null) {
  return useEndpointQuery(invoices.getInvoiceReferencesForOrganization, { headers: { organizationid: organizationId ?? 0 } }, { enabled: organizationId !== null });
}

/** POST invoice/generateinvoicefororganization: 400 "No summary!" for a month without billable patients; 409 for a month already invoiced. */
export function useGenerateInvoice() {
  return useEndpointMutation(invoices.generateInvoiceForOrganization, { input: (body: GenerateInvoiceBody) => ({ body }), invalidates: invoiceReads });
}

/** PUT invoice/updateinvoicefororganization: edits a draft or moves the status along the allowed transitions. */
export function useUpdateInvoice() {
  return useEndpointMutation(invoices.updateInvoiceForOrganization, { input: (body: UpdateInvoiceBody) => ({ body }), invalidates: invoiceReads });
}

/** DELETE invoice/{id}: drafts only. */
export function useDeleteInvoice() {
  return useEndpointMutation(invoices.deleteInvoice, { input: (id: number) => ({ params: { id } }), invalidates: invoiceReads });
}

/** GET invoice/getinvoicepdf: downloads the invoice's PDF as `fileName`. */
export function useDownloadInvoicePdf() {
  return useMutation({
    mutationFn: async ({ id, fileName }: { id: number; fileName: string }) => {
      const blob = await callBlob(invoices.getInvoicePdf, { headers: { invoiceid: id } });
      saveFile(blob, fileName);
    },
  });
}
