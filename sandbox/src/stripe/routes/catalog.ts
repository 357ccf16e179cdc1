import type Router from '@koa/router';
import { customerNow, findCustomer } from '../customers';
import { createMeter, createMeterEvent, listMeters } from '../meters';
import { expandOf, idempotent, limitOf, secretKeyOnly, stateOf } from '../middleware';
import { createPrice, findPrice, listPrices, priceView } from '../prices';
import { createProduct, findProduct } from '../products';

/** Products, prices, billing meters and meter events. */
export function catalogRoutes(router: Router) {
  router.post('/v1/products', secretKeyOnly, idempotent, async (ctx) => {
    ctx.body = await createProduct(stateOf(ctx).form);
  });

  router.get('/v1/products/:id', secretKeyOnly, async (ctx) => {
    ctx.body = await findProduct(ctx.params.id!);
  });

  router.post('/v1/prices', secretKeyOnly, idempotent, async (ctx) => {
    ctx.body = await priceView(await createPrice(stateOf(ctx).form), expandOf(ctx));
  });

  router.get('/v1/prices', secretKeyOnly, async (ctx) => {
    const { form } = stateOf(ctx);
    ctx.body = await listPrices(form, limitOf(form));
  });

  router.get('/v1/prices/:id', secretKeyOnly, async (ctx) => {
    ctx.body = await priceView(await findPrice(ctx.params.id!), expandOf(ctx));
  });

  router.post('/v1/billing/meters', secretKeyOnly, idempotent, async (ctx) => {
    ctx.body = await createMeter(stateOf(ctx).form);
  });

  router.get('/v1/billing/meters', secretKeyOnly, async (ctx) => {
    const all = await listMeters();
    const data = all.slice(0, limitOf(stateOf(ctx).form));
    ctx.body = { object: 'list', data, has_more: all.length > data.length, url: '/v1/billing/meters' };
  });

  router.post('/v1/billing/meter_events', secretKeyOnly, idempotent, async (ctx) => {
    ctx.body = await createMeterEvent(stateOf(ctx).form, async (customer) =>
      customerNow(await findCustomer(customer)),
    );
  });
}
