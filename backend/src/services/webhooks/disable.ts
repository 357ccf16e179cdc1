import { User } from '../../db/models';
import { WebhookEndpoint } from '../../db/models/webhooks';
import { logger } from '../../logger';
import { appLink, enqueueMail } from '../mail';

export const DISABLED_FOR_FAILURES = 'Deliveries failed for 3 days; turned off by Ringcast';

/** Where the owner manages their endpoints. */
export const WEBHOOK_SETTINGS_PATH = '/account#integrations';

const inWords = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Turns off an endpoint whose event could not be delivered in its whole retry window, once (the
 * update is conditional on it being on, so two events giving up together turn it off once), and
 * emails its owner (one message per time it is turned off: its id names the moment).
 */
export async function disableFailingEndpoint(
  endpoint: WebhookEndpoint,
  at: Date,
  lastFailure: string,
): Promise<boolean> {
  const [changed] = await WebhookEndpoint.update(
    { enabled: false, disabledReason: DISABLED_FOR_FAILURES },
    { where: { id: endpoint.id, enabled: true } },
  );
  if (!changed) return false;
  logger.warn({ endpointId: endpoint.id, userId: endpoint.userId }, 'webhook endpoint turned off');
  const owner = await User.findByPk(endpoint.userId, {
    attributes: ['id', 'email', 'firstName', 'companyName'],
  });
  if (!owner) return true;
  await enqueueMail({
    id: `webhook-disabled:${endpoint.id}:${at.getTime()}`,
    to: owner.email,
    template: 'webhookDisabled',
    data: {
      firstName: owner.firstName,
      businessName: owner.companyName ?? null,
      url: endpoint.url,
      description: endpoint.description ?? null,
      disabledAt: inWords(at),
      lastFailure,
      settingsUrl: appLink(WEBHOOK_SETTINGS_PATH),
    },
  });
  return true;
}
