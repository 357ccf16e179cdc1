import { WebhookEndpoint } from '../../db/models/webhooks';
import { logger } from '../../logger';

export const DISABLED_FOR_FAILURES = 'Deliveries failed for 3 days; turned off by Ringcast';

/**
 * Turns off an endpoint whose event could not be delivered in its whole retry window, once (the
 * update is conditional on it being on, so two events giving up together turn it off once), and
 * tells its owner.
 */
export async function disableFailingEndpoint(endpoint: WebhookEndpoint, at: Date): Promise<boolean> {
  const [changed] = await WebhookEndpoint.update(
    { enabled: false, disabledReason: DISABLED_FOR_FAILURES },
    { where: { id: endpoint.id, enabled: true } },
  );
  if (!changed) return false;
  logger.warn({ endpointId: endpoint.id, userId: endpoint.userId, at }, 'webhook endpoint turned off');
  return true;
}
