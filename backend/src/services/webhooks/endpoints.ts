import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_ENDPOINT_NOT_FOUND,
  WEBHOOK_ENDPOINTS_FULL,
  type CreateWebhookEndpointInput,
  type UpdateWebhookEndpointInput,
  type WebhookEventType,
} from '@ringcast/shared-types';
import { sequelize } from '../../db/sequelize';
import { User } from '../../db/models';
import { WebhookEndpoint } from '../../db/models/webhooks';
import { overQuota } from '../../errors';
import { decryptSecret, encryptSecret } from '../../lib/secretBox';
import { findOwned } from '../../policies/ownership';
import { newWebhookSecret } from './signing';

/** The owner's endpoints, oldest first. */
export const listWebhookEndpoints = (userId: number) =>
  WebhookEndpoint.findAll({ where: { userId }, order: [['id', 'ASC']] });

export const findOwnedEndpoint = (userId: number, id: number) =>
  findOwned(WebhookEndpoint, id, userId, { message: WEBHOOK_ENDPOINT_NOT_FOUND });

/** The endpoint's signing secret, opened (the worker signs with it; the owner never sees it again). */
export const endpointSecret = (endpoint: WebhookEndpoint) => decryptSecret(endpoint.secretEncrypted);

/**
 * Adds an endpoint with a new secret, answered once in clear. The owner's row is locked while their
 * endpoints are counted, so two additions at once cannot pass the limit.
 */
export async function createWebhookEndpoint(
  userId: number,
  input: CreateWebhookEndpointInput,
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const secret = newWebhookSecret();
  const endpoint = await sequelize.transaction(async (transaction) => {
    await User.findByPk(userId, { attributes: ['id'], lock: transaction.LOCK.UPDATE, transaction });
    const count = await WebhookEndpoint.count({ where: { userId }, transaction });
    if (count >= MAX_WEBHOOK_ENDPOINTS) throw overQuota(409, WEBHOOK_ENDPOINTS_FULL);
    return WebhookEndpoint.create(
      {
        userId,
        url: input.url,
        description: input.description || null,
        events: [...new Set(input.events)] as WebhookEventType[],
        secretEncrypted: encryptSecret(secret),
      },
      { transaction },
    );
  });
  return { endpoint, secret };
}

/** Changes what was sent; turning an endpoint on again clears why Ringcast had turned it off. */
export async function updateWebhookEndpoint(
  userId: number,
  id: number,
  input: UpdateWebhookEndpointInput,
): Promise<WebhookEndpoint> {
  const endpoint = await findOwnedEndpoint(userId, id);
  if (input.url !== undefined) endpoint.url = input.url;
  if (input.description !== undefined) endpoint.description = input.description || null;
  if (input.events !== undefined) endpoint.events = [...new Set(input.events)] as WebhookEventType[];
  if (input.enabled !== undefined) {
    endpoint.enabled = input.enabled;
    endpoint.disabledReason = null;
  }
  return endpoint.save();
}

export async function deleteWebhookEndpoint(userId: number, id: number): Promise<void> {
  await (await findOwnedEndpoint(userId, id)).destroy();
}

/** A new secret replaces the old at once; answered once in clear. */
export async function rollWebhookSecret(
  userId: number,
  id: number,
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const endpoint = await findOwnedEndpoint(userId, id);
  const secret = newWebhookSecret();
  endpoint.secretEncrypted = encryptSecret(secret);
  await endpoint.save();
  return { endpoint, secret };
}
