import type { FastifyInstance } from 'fastify';
import { invoices } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerGroup } from '../../lib/route';
import * as service from './invoices.service';

/** A `binary` route has sent its answer itself; registerEndpoint ignores the handler's value. */
const answered = undefined as never;

/** Invoice endpoints: endpoints.txt "Invoices and licences", docs/invoices.md. */
export function invoicesRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerGroup(app, ctx, invoices, {
    getInvoiceReferencesForOrganization: ({ scope, headers }) => service.findInvoiceReferences(ctx, scope, headers.organizationid),
    getInvoices: ({ scope, query }) => service.findInvoices(ctx, scope, query),
    generateInvoiceForOrganization: ({ scope, body }) => service.generateInvoice(ctx, scope, body),
    updateInvoiceForOrganization: ({ scope, body }) => service.updateInvoice(ctx, scope, body),
    getInvoicePdf: async ({ scope, headers, reply }) => {
      const file = await service.invoicePdf(ctx, scope, headers.invoiceid);
      await reply
        .code(200)
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Cache-Control', 'no-store')
        .send(file.body);
      return answered;
    },
    deleteInvoice: ({ scope, params }) => service.deleteInvoice(ctx, scope, params.id),
  });
}
