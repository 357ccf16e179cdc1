import type Router from '@koa/router';
import { invoicePage, invoicePdf } from '../invoiceDocuments';
import { invoiceForDocument } from '../invoices';

/** hosted_invoice_url and invoice_pdf: capability URLs a browser opens without a key. */
export function invoiceDocumentRoutes(router: Router) {
  router.get('/invoices/:token', async (ctx) => {
    const invoice = await invoiceForDocument(ctx.params.token!);
    if (!invoice) {
      ctx.status = 404;
      ctx.body = 'No such invoice';
      return;
    }
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = invoicePage(invoice);
  });

  router.get('/invoices/:token/pdf', async (ctx) => {
    const invoice = await invoiceForDocument(ctx.params.token!);
    if (!invoice) {
      ctx.status = 404;
      ctx.body = 'No such invoice';
      return;
    }
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `inline; filename="Invoice-${invoice.number}.pdf"`);
    ctx.body = invoicePdf(invoice);
  });
}
