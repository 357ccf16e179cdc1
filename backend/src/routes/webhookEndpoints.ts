import Router from '@koa/router';
import type { Context } from 'koa';
import {
  WEBHOOK_DELIVERY_NOT_FOUND,
  WEBHOOK_ENDPOINT_NOT_FOUND,
  webhookEndpointSchemas,
} from '@ringcast/shared-types';
import { config } from '../config';
import { currentUser, requireUser } from '../middlewares/auth';
import { idParam, validateBody } from '../middlewares/validate';
import { rateLimit } from '../middlewares/rateLimit';
import { presentWebhookDelivery, presentWebhookEndpoint } from '../presenters/webhook';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
  rollWebhookSecret,
  sendTestWebhook,
  updateWebhookEndpoint,
} from '../services/webhooks';

/** The owner's webhook endpoints, their secrets (shown once), test events and delivery logs. */
export const webhookEndpointsRouter = new Router({ prefix: '/api/webhook-endpoints' });

// Plain http only where local receivers are allowed (development and tests); read per request,
// so a test can turn it off.
const schemas = () => webhookEndpointSchemas(config.webhooks.allowPrivate);
const endpointId = (ctx: Context) => idParam(ctx, 'id', WEBHOOK_ENDPOINT_NOT_FOUND);

webhookEndpointsRouter.get('/', requireUser, async (ctx) => {
  ctx.body = (await listWebhookEndpoints(currentUser(ctx).id)).map((endpoint) =>
    presentWebhookEndpoint(endpoint),
  );
});

webhookEndpointsRouter.post('/', requireUser, async (ctx) => {
  const input = await validateBody(ctx, schemas().create);
  const { endpoint, secret } = await createWebhookEndpoint(currentUser(ctx).id, input);
  ctx.status = 201;
  ctx.body = presentWebhookEndpoint(endpoint, secret);
});

webhookEndpointsRouter.put('/:id', requireUser, async (ctx) => {
  const id = endpointId(ctx);
  const input = await validateBody(ctx, schemas().update);
  ctx.body = presentWebhookEndpoint(await updateWebhookEndpoint(currentUser(ctx).id, id, input));
});

webhookEndpointsRouter.delete('/:id', requireUser, async (ctx) => {
  await deleteWebhookEndpoint(currentUser(ctx).id, endpointId(ctx));
  ctx.status = 204;
});

webhookEndpointsRouter.post('/:id/roll-secret', requireUser, async (ctx) => {
  const { endpoint, secret } = await rollWebhookSecret(currentUser(ctx).id, endpointId(ctx));
  ctx.body = presentWebhookEndpoint(endpoint, secret);
});

webhookEndpointsRouter.post('/:id/test', requireUser, rateLimit('webhookSendPerUser'), async (ctx) => {
  ctx.body = presentWebhookDelivery(await sendTestWebhook(currentUser(ctx).id, endpointId(ctx)));
});

webhookEndpointsRouter.get('/:id/deliveries', requireUser, async (ctx) => {
  ctx.body = (await listWebhookDeliveries(currentUser(ctx).id, endpointId(ctx))).map(presentWebhookDelivery);
});

webhookEndpointsRouter.post(
  '/:id/deliveries/:deliveryId/resend',
  requireUser,
  rateLimit('webhookSendPerUser'),
  async (ctx) => {
    const id = endpointId(ctx);
    const deliveryId = idParam(ctx, 'deliveryId', WEBHOOK_DELIVERY_NOT_FOUND);
    ctx.body = presentWebhookDelivery(await resendWebhookDelivery(currentUser(ctx).id, id, deliveryId));
  },
);
