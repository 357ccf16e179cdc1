import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { stripe } from '../src/providers/stripe';
import { useTestApi } from './helpers/server';
import {
  customerOnClock,
  eventMark,
  eventsAfter,
  firstInvoice,
  monthlyPrice,
  oneTimePrice,
  payInvoiceFromBrowser,
  subscribe,
} from './helpers/stripeBilling';

/** The Stripe sandbox's billing as the SDK sees it: customers, payment methods, prices, subscriptions. */
const api = useTestApi();

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (err: unknown) => err,
  );

describe('Stripe sandbox billing: customers and payment methods', () => {
  it('keeps a customer on its test clock, with a credit balance and a default card', async () => {
    const { clock, customer } = await customerOnClock(1_780_000_000);
    expect(customer).toMatchObject({
      object: 'customer',
      test_clock: clock.id,
      balance: 0,
      created: 1_780_000_000,
    });
    expect(customer.id).toMatch(/^cus_/);
    expect(clock).toMatchObject({
      object: 'test_helpers.test_clock',
      status: 'ready',
      frozen_time: 1_780_000_000,
    });
    expect(clock.id).toMatch(/^clock_/);

    const credit = await stripe().customers.createBalanceTransaction(customer.id, {
      amount: -15_000,
      currency: 'usd',
      description: 'Prepaid credit',
    });
    expect(credit).toMatchObject({
      object: 'customer_balance_transaction',
      amount: -15_000,
      ending_balance: -15_000,
    });

    const visa = await stripe().paymentMethods.attach('pm_card_visa', { customer: customer.id });
    expect(visa).toMatchObject({
      object: 'payment_method',
      customer: customer.id,
      card: { brand: 'visa', last4: '4242' },
    });
    const failing = await stripe().paymentMethods.attach('pm_card_chargeCustomerFail', {
      customer: customer.id,
    });
    expect(failing.card?.last4).toBe('0341');
    const declined = await failure(
      stripe().paymentMethods.attach('pm_card_chargeDeclined', { customer: customer.id }),
    );
    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);

    const updated = await stripe().customers.update(customer.id, {
      invoice_settings: { default_payment_method: visa.id },
    });
    expect(updated.invoice_settings.default_payment_method).toBe(visa.id);
    const read = (await stripe().customers.retrieve(customer.id)) as Stripe.Customer;
    expect(read).toMatchObject({ balance: -15_000, test_clock: clock.id });
    expect((await stripe().paymentMethods.retrieve(visa.id)).card).toMatchObject({
      exp_month: 12,
      exp_year: 2034,
    });
    const methods = await stripe().customers.listPaymentMethods(customer.id);
    expect(methods.data.map((m) => m.id).sort()).toEqual([visa.id, failing.id].sort());

    const foreign = await failure(
      stripe().customers.update(customer.id, {
        invoice_settings: { default_payment_method: 'pm_card_visa' },
      }),
    );
    expect(foreign).toMatchObject({ statusCode: 400 });
  });
});

describe('Stripe sandbox billing: products and prices', () => {
  it('finds prices by lookup key with their product, and moves a key with transfer_lookup_key', async () => {
    const first = await monthlyPrice(8_000);
    const list = await stripe().prices.list({ lookup_keys: [first.lookup_key!], expand: ['data.product'] });
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({
      id: first.id,
      recurring: { interval: 'month', usage_type: 'licensed' },
    });
    expect((list.data[0]!.product as Stripe.Product).name).toBe('Calls package');

    const again = await failure(
      stripe().prices.create({
        product: first.product as string,
        currency: 'usd',
        unit_amount: 9_000,
        lookup_key: first.lookup_key!,
      }),
    );
    expect(again).toMatchObject({ statusCode: 400 });
    const moved = await stripe().prices.create({
      product: first.product as string,
      currency: 'usd',
      unit_amount: 9_000,
      recurring: { interval: 'month' },
      lookup_key: first.lookup_key!,
      transfer_lookup_key: true,
    });
    const now = await stripe().prices.list({ lookup_keys: [first.lookup_key!] });
    expect(now.data.map((p) => p.id)).toEqual([moved.id]);
    const once = await oneTimePrice(25_000);
    expect(once).toMatchObject({ type: 'one_time', recurring: null, unit_amount: 25_000 });
  });
});

describe('Stripe sandbox billing: subscribing at checkout', () => {
  it('creates an incomplete subscription whose first invoice the browser pays, with credit and a coupon', async () => {
    const { customer } = await customerOnClock();
    const calls = await monthlyPrice(8_000);
    const number = await monthlyPrice(2_000, 'Phone number');
    const list = await oneTimePrice(25_000);
    await stripe().customers.createBalanceTransaction(customer.id, { amount: -1_000, currency: 'usd' });
    const mark = await eventMark();

    const sub = await subscribe(customer.id, {
      items: [{ price: calls.id }, { price: number.id }],
      add_invoice_items: [
        { price: list.id },
        { price_data: { currency: 'usd', product: calls.product as string, unit_amount: 15_000 } },
      ],
      discounts: [{ coupon: 'SAVE50' }],
    });
    expect(sub).toMatchObject({ status: 'incomplete', customer: customer.id, metadata: { campaignId: '7' } });
    const item = sub.items.data[0]!;
    expect(item.current_period_end - item.current_period_start).toBeGreaterThanOrEqual(28 * 86_400);
    const invoice = firstInvoice(sub);
    // 80 + 20 + 250 + 150 = 500, less the $50 coupon = 450, less $10 credit = 440 due.
    expect(invoice).toMatchObject({
      status: 'open',
      billing_reason: 'subscription_create',
      subtotal: 50_000,
      total: 45_000,
      starting_balance: -1_000,
      ending_balance: 0,
      amount_due: 44_000,
      parent: { subscription_details: { subscription: sub.id, metadata: { campaignId: '7', userId: '1' } } },
    });
    expect(invoice.lines.data).toHaveLength(4);
    expect(invoice.lines.data[0]!.period).toEqual({
      start: item.current_period_start,
      end: item.current_period_end,
    });
    expect(invoice.number).toMatch(/^[A-Z0-9]{8}-0001$/);
    const intentId = invoice.confirmation_secret!.client_secret.split('_secret_')[0]!;
    expect(invoice.payments!.data[0]!.payment.payment_intent).toBe(intentId);
    expect(await stripe().paymentIntents.retrieve(intentId)).toMatchObject({
      amount: 44_000,
      status: 'requires_payment_method',
    });

    const declined = await payInvoiceFromBrowser(api.baseUrl, invoice, 'pm_card_chargeDeclined');
    expect(declined.status).toBe(402);
    expect((await stripe().invoices.retrieve(invoice.id)).status).toBe('open');

    const paid = await payInvoiceFromBrowser(api.baseUrl, invoice);
    expect(paid.status).toBe(200);
    const after = await stripe().invoices.retrieve(invoice.id);
    expect(after).toMatchObject({ status: 'paid', amount_paid: 44_000 });
    expect(after.status_transitions.paid_at).toBeGreaterThan(0);
    const active = await stripe().subscriptions.retrieve(sub.id, { expand: ['latest_invoice'] });
    expect(active.status).toBe('active');
    expect(active.default_payment_method).toMatch(/^pm_/);
    expect((active.latest_invoice as Stripe.Invoice).id).toBe(invoice.id);
    expect((await stripe().paymentMethods.retrieve(active.default_payment_method as string)).customer).toBe(
      customer.id,
    );

    const types = (await eventsAfter(mark, [sub.id, invoice.id, intentId])).map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'customer.subscription.created',
        'invoice.finalized',
        'payment_intent.succeeded',
        'invoice.paid',
        'customer.subscription.updated',
      ]),
    );
    expect(types.indexOf('invoice.paid')).toBeLessThan(types.lastIndexOf('customer.subscription.updated'));

    const pdf = await fetch(after.invoice_pdf!);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((await pdf.text()).startsWith('%PDF-1.4')).toBe(true);
    const page = await fetch(after.hosted_invoice_url!);
    expect(await page.text()).toContain(after.number!);
    const unknown = await fetch(`${after.hosted_invoice_url!.replace(/\/[^/]+$/, '')}/not-a-token/pdf`);
    expect(unknown.status).toBe(404);
  });

  it('pays a first invoice covered by credit at once, and voids an incomplete one on cancel', async () => {
    const { customer } = await customerOnClock();
    const calls = await monthlyPrice(8_000);
    await stripe().customers.createBalanceTransaction(customer.id, { amount: -20_000, currency: 'usd' });
    const covered = await subscribe(customer.id, { items: [{ price: calls.id }] });
    expect(firstInvoice(covered)).toMatchObject({ amount_due: 0, status: 'paid', ending_balance: -12_000 });
    expect((await stripe().subscriptions.retrieve(covered.id)).status).toBe('active');

    const { customer: other } = await customerOnClock();
    const open = await subscribe(other.id, { items: [{ price: calls.id }] });
    const canceled = await stripe().subscriptions.cancel(open.id);
    expect(canceled.status).toBe('canceled');
    expect((await stripe().invoices.retrieve(firstInvoice(open).id)).status).toBe('void');
    const late = await payInvoiceFromBrowser(api.baseUrl, firstInvoice(open));
    expect(late.status).toBe(400);
    const all = await stripe().subscriptions.list({ customer: other.id, status: 'all' });
    expect(all.data.map((s) => s.id)).toEqual([open.id]);
    expect((await stripe().subscriptions.list({ customer: other.id })).data).toHaveLength(0);
  });
});
