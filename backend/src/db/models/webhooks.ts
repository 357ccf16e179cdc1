import { WebhookDelivery } from './WebhookDelivery';
import { WebhookEndpoint } from './WebhookEndpoint';
import { WebhookEvent } from './WebhookEvent';

// The webhook tables and how they join, kept apart from the shared model index.
WebhookDelivery.belongsTo(WebhookEvent, { foreignKey: 'eventId', as: 'event', constraints: false });
WebhookDelivery.belongsTo(WebhookEndpoint, { foreignKey: 'endpointId', as: 'endpoint', constraints: false });

export { WebhookDelivery, WebhookEndpoint, WebhookEvent };
