import type Router from '@koa/router';
import { findCoupon, listPromotionCodes } from '../catalog';
import { createBalanceTransaction, createCustomer, findCustomer, updateCustomer } from '../customers';
import { resourceMissing, invalidRequest } from '../errors';
import { formList, formString } from '../formBody';
import { invoiceForIntent } from '../invoices';
import { settleIntentInvoice } from '../invoiceCharges';
import { idempotent, limitOf, secretKeyOnly, stateOf } from '../middleware';
import {
  assertClientSecret,
  confirmIntent,
  createIntent,
  findIntent,
  publicView,
  updateIntent,
} from '../paymentIntents';
import { attachPaymentMethod, findPaymentMethod, listCustomerPaymentMethods } from '../paymentMethods';
import { sendEvent } from '../webhookDelivery';

/** Customers, payment methods, payment intents, coupons and promotion codes. */
export function paymentRoutes(router: Router) {
  router.post('/v1/customers', secretKeyOnly, idempotent, async (ctx) => {
    ctx.body = await createCustomer(stateOf(ctx).form);
  });

  router.get('/v1/customers/:id', secretKeyOnly, async (ctx) => {
    ctx.body = await findCustomer(ctx.params.id!);
  });

  router.post('/v1/customers/:id', secretKeyOnly, idempotent, async (ctx) => {
    ctx.body = await updateCustomer(ctx.params.id!, stateOf(ctx).form);
  });

  router.post('/v1/customers/:id/balance_transactions', secretKeyOnly, idempotent, async (ctx) => {
    ctx.body = await createBalanceTransaction(ctx.params.id!, stateOf(ctx).form);
  });

  router.get('/v1/customers/:id/payment_methods', secretKeyOnly, async (ctx) => {
    await findCustomer(ctx.params.id!);
    const all = await listCustomerPaymentMethods(ctx.params.id!);
    const data = all.slice(0, limitOf(stateOf(ctx).form));
    ctx.body = {
      object: 'list',
      data,
      has_more: all.length > data.length,
      url: `/v1/customers/${ctx.params.id}/payment_methods`,
    };
  });

  router.get('/v1/payment_methods/:id', secretKeyOnly, async (ctx) => {
    ctx.body = await findPaymentMethod(ctx.params.id!);
  });

  router.post('/v1/payment_methods/:id/attach', secretKeyOnly, idempotent, async (ctx) => {
    const customer = formString(stateOf(ctx).form, 'customer');
    if (!customer)
      throw invalidRequest('Missing required param: customer.', {
        code: 'parameter_missing',
        param: 'customer',
      });
    ctx.body = await attachPaymentMethod(ctx.params.id!, customer);
  });

  router.post('/v1/payment_intents', secretKeyOnly, idempotent, async (ctx) => {
    ctx.body = await createIntent(stateOf(ctx).form);
  });

  // The browser may read its own intent with the client secret, as Stripe.js's retrievePaymentIntent does.
  router.get('/v1/payment_intents/:id', async (ctx) => {
    const { form, publishable } = stateOf(ctx);
    const intent = await findIntent(ctx.params.id!);
    if (!publishable) {
      ctx.body = intent;
      return;
    }
    assertClientSecret(intent, formString(form, 'client_secret'));
    ctx.body = publicView(intent);
  });

  router.post('/v1/payment_intents/:id', secretKeyOnly, idempotent, async (ctx) => {
    ctx.body = await updateIntent(ctx.params.id!, stateOf(ctx).form);
  });

  // An invoice's intent, once paid, pays the invoice and activates its subscription.
  router.post('/v1/payment_intents/:id/confirm', idempotent, async (ctx) => {
    const { form, publishable } = stateOf(ctx);
    ctx.body = await confirmIntent(ctx.params.id!, form, { publishable }, sendEvent, async (intent) => {
      const invoiceId = await invoiceForIntent(intent.id);
      if (invoiceId) await settleIntentInvoice(intent, invoiceId, sendEvent);
    });
  });

  router.get('/v1/promotion_codes', secretKeyOnly, async (ctx) => {
    const { form } = stateOf(ctx);
    const active = formString(form, 'active');
    const data = listPromotionCodes({
      code: formString(form, 'code'),
      active: active === undefined ? undefined : active === 'true',
      expandCoupon: formList(form, 'expand').includes('data.promotion.coupon'),
    }).slice(0, limitOf(form));
    ctx.body = { object: 'list', data, has_more: false, url: '/v1/promotion_codes' };
  });

  router.get('/v1/coupons/:id', secretKeyOnly, async (ctx) => {
    const coupon = findCoupon(ctx.params.id!);
    if (!coupon) throw resourceMissing('coupon', ctx.params.id!);
    ctx.body = coupon;
  });
}
