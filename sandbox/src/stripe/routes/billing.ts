import type Router from '@koa/router';
import { playClock } from '../clockAdvance';
import { findCustomer } from '../customers';
import { invalidRequest } from '../errors';
import { findEvent, listEvents } from '../events';
import { formString } from '../formBody';
import { payInvoice } from '../invoiceCharges';
import { findInvoice, invoiceView, listInvoices } from '../invoices';
import { expandOf, idempotent, limitOf, secretKeyOnly, stateOf } from '../middleware';
import { previewRenewal } from '../renewals';
import {
  assertSetupSecret,
  confirmSetupIntent,
  createSetupIntent,
  findSetupIntent,
  setupPublicView,
} from '../setupIntents';
import { cancelSubscription, updateSubscription } from '../subscriptionChanges';
import { createSubscription } from '../subscriptions';
import { listSubscriptions, subscriptionView } from '../subscriptionViews';
import { findSubscription } from '../subscriptionStore';
import { createClock, deleteClock, findClock, listClocks, startAdvance } from '../testClocks';
import { sendEvent } from '../webhookDelivery';

/** Subscriptions, invoices, SetupIntents, test clocks and events. */
export function billingRoutes(router: Router) {
  router.post('/v1/subscriptions', secretKeyOnly, idempotent, async (ctx) => {
    ctx.body = await subscriptionView(await createSubscription(stateOf(ctx).form, sendEvent), expandOf(ctx));
  });
  router.get('/v1/subscriptions', secretKeyOnly, async (ctx) => {
    ctx.body = await listSubscriptions(stateOf(ctx).form, limitOf(stateOf(ctx).form));
  });
  router.get('/v1/subscriptions/:id', secretKeyOnly, async (ctx) => {
    ctx.body = await subscriptionView(await findSubscription(ctx.params.id!), expandOf(ctx));
  });
  router.post('/v1/subscriptions/:id', secretKeyOnly, idempotent, async (ctx) => {
    const sub = await updateSubscription(ctx.params.id!, stateOf(ctx).form, sendEvent);
    ctx.body = await subscriptionView(sub, expandOf(ctx));
  });
  router.delete('/v1/subscriptions/:id', secretKeyOnly, async (ctx) => {
    ctx.body = await subscriptionView(await cancelSubscription(ctx.params.id!, sendEvent), expandOf(ctx));
  });

  router.get('/v1/invoices', secretKeyOnly, async (ctx) => {
    const { form } = stateOf(ctx);
    ctx.body = await listInvoices(form, limitOf(form), expandOf(ctx));
  });
  router.post('/v1/invoices/create_preview', secretKeyOnly, idempotent, async (ctx) => {
    const { form } = stateOf(ctx);
    const customer = formString(form, 'customer');
    const subscription = formString(form, 'subscription');
    if (!customer || !subscription) {
      throw invalidRequest(
        'The sandbox previews a subscription’s next invoice: customer and subscription are required.',
        {
          param: customer ? 'subscription' : 'customer',
        },
      );
    }
    await findCustomer(customer);
    ctx.body = await previewRenewal(subscription, customer);
  });
  router.get('/v1/invoices/:id', secretKeyOnly, async (ctx) => {
    ctx.body = invoiceView(await findInvoice(ctx.params.id!), expandOf(ctx));
  });
  router.post('/v1/invoices/:id/pay', secretKeyOnly, idempotent, async (ctx) => {
    const method = formString(stateOf(ctx).form, 'payment_method');
    ctx.body = invoiceView(await payInvoice(ctx.params.id!, method, sendEvent), expandOf(ctx));
  });

  router.post('/v1/setup_intents', secretKeyOnly, idempotent, async (ctx) => {
    ctx.body = await createSetupIntent(stateOf(ctx).form);
  });
  router.get('/v1/setup_intents/:id', async (ctx) => {
    const { form, publishable } = stateOf(ctx);
    const intent = await findSetupIntent(ctx.params.id!);
    if (!publishable) {
      ctx.body = intent;
      return;
    }
    assertSetupSecret(intent, formString(form, 'client_secret'));
    ctx.body = setupPublicView(intent);
  });
  router.post('/v1/setup_intents/:id/confirm', idempotent, async (ctx) => {
    const { form, publishable } = stateOf(ctx);
    ctx.body = await confirmSetupIntent(ctx.params.id!, form, { publishable }, sendEvent);
  });

  router.post('/v1/test_helpers/test_clocks', secretKeyOnly, idempotent, async (ctx) => {
    ctx.body = await createClock(stateOf(ctx).form);
  });
  router.get('/v1/test_helpers/test_clocks', secretKeyOnly, async (ctx) => {
    const all = await listClocks();
    const data = all.slice(0, limitOf(stateOf(ctx).form));
    ctx.body = {
      object: 'list',
      data,
      has_more: all.length > data.length,
      url: '/v1/test_helpers/test_clocks',
    };
  });
  router.get('/v1/test_helpers/test_clocks/:id', secretKeyOnly, async (ctx) => {
    ctx.body = await findClock(ctx.params.id!);
  });
  router.delete('/v1/test_helpers/test_clocks/:id', secretKeyOnly, async (ctx) => {
    ctx.body = await deleteClock(ctx.params.id!);
  });
  // Answers at once with status advancing; the moments in between play in the background.
  router.post('/v1/test_helpers/test_clocks/:id/advance', secretKeyOnly, idempotent, async (ctx) => {
    const { clock } = await startAdvance(ctx.params.id!, stateOf(ctx).form);
    ctx.body = clock;
    void playClock(clock.id, clock.frozen_time);
  });

  router.get('/v1/events', secretKeyOnly, async (ctx) => {
    const { form } = stateOf(ctx);
    ctx.body = await listEvents(form, limitOf(form));
  });
  router.get('/v1/events/:id', secretKeyOnly, async (ctx) => {
    ctx.body = await findEvent(ctx.params.id!);
  });
}
