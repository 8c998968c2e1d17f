import { z } from 'zod';
import { endpoint } from '../../common/endpoint';
import { idSchema } from '../../common/ids';
import {
  generateInvoiceBodySchema,
  invoiceListQuerySchema,
  invoicePageSchema,
  invoicePdfHeadersSchema,
  invoiceReferenceSchema,
  invoiceReferencesHeadersSchema,
  invoiceSchema,
  updateInvoiceBodySchema,
} from './invoices.schemas';

// Invoices of an organization (endpoints.txt "Invoices and licences"; docs/invoices.md). They span
// every office of the organization, so they belong to system and organization admins.
const tag = 'Invoices';

export const getInvoiceReferencesForOrganization = endpoint({
  method: 'GET',
  path: 'invoice/getinvoicereferencesfororganization',
  tag,
  summary: "The organization's last 24 months (header organizationid): billable patients per month and the invoice covering it, newest first",
  permission: 'invoices.read',
  headers: invoiceReferencesHeadersSchema,
  response: z.array(invoiceReferenceSchema),
});

export const getInvoices = endpoint({
  method: 'GET',
  path: 'invoice/getinvoices',
  tag,
  summary: 'A page of the invoices in scope, filtered by organization, status and year, sorted on the server',
  permission: 'invoices.read',
  query: invoiceListQuerySchema,
  response: invoicePageSchema,
});

export const generateInvoiceForOrganization = endpoint({
  method: 'POST',
  path: 'invoice/generateinvoicefororganization',
  tag,
  summary:
    'A draft invoice for the organization and month with one line per office (its billable patients from the billing runs); 400 "No summary!" when the month has no billable patient; 409 when the month already has an invoice that is not void',
  permission: 'invoices.manage',
  body: generateInvoiceBodySchema,
  response: invoiceSchema,
  successStatus: 201,
});

export const updateInvoiceForOrganization = endpoint({
  method: 'PUT',
  path: 'invoice/updateinvoicefororganization',
  tag,
  summary:
    'Edits a draft (terms, prices, discount, tax, dates; refreshLines re-reads the billable patients) or changes the status along the allowed transitions (issuing numbers it); 409 otherwise',
  permission: 'invoices.manage',
  body: updateInvoiceBodySchema,
  response: invoiceSchema,
});

export const getInvoicePdf = endpoint({
  method: 'GET',
  path: 'invoice/getinvoicepdf',
  tag,
  summary: "The invoice as a PDF (header invoiceid) in the invoice's language, with the organization's details and the lines",
  permission: 'invoices.read',
  headers: invoicePdfHeadersSchema,
  binary: true,
  response: z.string(),
});

export const deleteInvoice = endpoint({
  method: 'DELETE',
  path: 'invoice/{id}',
  tag,
  summary: 'Deletes a draft invoice; 409 for an issued one (void it instead)',
  permission: 'invoices.manage',
  params: z.object({ id: idSchema }),
  response: z.object({ id: z.number().int() }),
});
