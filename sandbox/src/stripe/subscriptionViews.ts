import { findCustomer } from './customers';
import { invalidRequest } from './errors';
import { formList, formString, type FormObject } from './formBody';
import { findInvoice, invoiceView } from './invoices';
import { findPaymentMethod } from './paymentMethods';
import { priceView } from './prices';
import { customerSubscriptions, type SandboxSubscription } from './subscriptionStore';

/** As Stripe answers: `latest_invoice` (with its confirmation_secret or payments) and prices' products expanded on request. */
export async function subscriptionView(sub: SandboxSubscription, expand: string[], prefix = '') {
  const wants = (path: string) =>
    expand.includes(`${prefix}${path}`) || expand.some((e) => e.startsWith(`${prefix}${path}.`));
  const latest =
    sub.latest_invoice && wants('latest_invoice')
      ? invoiceView(await findInvoice(sub.latest_invoice), expand, `${prefix}latest_invoice.`)
      : sub.latest_invoice;
  const items = await Promise.all(
    sub.items.data.map(async (item) => ({
      ...item,
      price: await priceView(item.price, expand, `${prefix}items.data.price.`),
    })),
  );
  return {
    ...sub,
    items: { ...sub.items, data: items },
    latest_invoice: latest,
    customer: wants('customer') ? await findCustomer(sub.customer) : sub.customer,
    default_payment_method:
      sub.default_payment_method && wants('default_payment_method')
        ? await findPaymentMethod(sub.default_payment_method)
        : sub.default_payment_method,
  };
}

/** GET /v1/subscriptions: by customer; `status=all` includes ended ones, which are left out otherwise. */
export async function listSubscriptions(form: FormObject, limit: number) {
  const customer = formString(form, 'customer');
  if (!customer) throw invalidRequest('The sandbox lists subscriptions by customer.', { param: 'customer' });
  await findCustomer(customer);
  const status = formString(form, 'status');
  const all = await customerSubscriptions(customer);
  const matching = all.filter((sub) =>
    status === 'all'
      ? true
      : status
        ? sub.status === status
        : sub.status !== 'canceled' && sub.status !== 'incomplete_expired',
  );
  const expand = formList(form, 'expand');
  const data = await Promise.all(
    matching.slice(0, limit).map((sub) => subscriptionView(sub, expand, 'data.')),
  );
  return { object: 'list' as const, data, has_more: matching.length > limit, url: '/v1/subscriptions' };
}
