import { array, boolean, object, type InferType } from 'yup';
import { trimmedText } from './fields';

/** The events an endpoint may ask for; `webhook.test` is sent only by "Send test event". */
export const WEBHOOK_EVENT_TYPES = [
  'call.completed',
  'appointment.booked',
  'prospect.opted_out',
  'campaign.updated',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number] | 'webhook.test';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'call.completed': 'A call ended (every final call)',
  'appointment.booked': 'An appointment was booked',
  'prospect.opted_out': 'A prospect asked not to be called',
  'campaign.updated': "A campaign's status changed",
  'webhook.test': 'Test event',
};

export const MAX_WEBHOOK_ENDPOINTS = 10;
export const WEBHOOK_URL_MAX = 2048;
export const WEBHOOK_DESCRIPTION_MAX = 255;

export const WEBHOOK_ENDPOINT_NOT_FOUND = 'Webhook endpoint not found';
export const WEBHOOK_DELIVERY_NOT_FOUND = 'Webhook delivery not found';
export const WEBHOOK_ENDPOINTS_FULL = `You have ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints, the most an account can keep. Delete one before adding another.`;
export const WEBHOOK_URL_INVALID = 'Enter the full address of your endpoint, starting with https://';
export const WEBHOOK_URL_PRIVATE =
  'This address points to a private or local network; webhooks go only to public addresses';
export const WEBHOOK_EVENTS_REQUIRED = 'Choose at least one event';

/** Whether the text is an absolute URL we may post to: https, or http too when local receivers are allowed. */
export function isWebhookUrl(value: string | undefined, allowHttp: boolean): boolean {
  if (!value) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return url.protocol === 'https:' || (allowHttp && url.protocol === 'http:');
}

const urlField = (allowHttp: boolean) =>
  trimmedText()
    .max(WEBHOOK_URL_MAX, `The URL must be at most ${WEBHOOK_URL_MAX} characters`)
    .test(
      'webhook-url',
      WEBHOOK_URL_INVALID,
      (value) => value === undefined || isWebhookUrl(value, allowHttp),
    );

const eventsField = () =>
  array(
    trimmedText()
      .required()
      .oneOf([...WEBHOOK_EVENT_TYPES], `Events must be among: ${WEBHOOK_EVENT_TYPES.join(', ')}`),
  )
    .min(1, WEBHOOK_EVENTS_REQUIRED)
    .max(WEBHOOK_EVENT_TYPES.length)
    .typeError('events must be a list');

const descriptionField = () =>
  trimmedText()
    .max(WEBHOOK_DESCRIPTION_MAX, `The description must be at most ${WEBHOOK_DESCRIPTION_MAX} characters`)
    .nullable();

/**
 * The endpoint schemas. Plain http is accepted only where the server allows local receivers
 * (WEBHOOK_ALLOW_PRIVATE, development and tests), so the server builds them with that flag.
 */
export function webhookEndpointSchemas(allowHttp: boolean) {
  return {
    create: object({
      url: urlField(allowHttp).required(WEBHOOK_URL_INVALID),
      events: eventsField().required(WEBHOOK_EVENTS_REQUIRED),
      description: descriptionField(),
    }),
    update: object({
      url: urlField(allowHttp),
      events: eventsField().default(undefined),
      description: descriptionField(),
      enabled: boolean().typeError('enabled must be true or false'),
    }),
  };
}

type Schemas = ReturnType<typeof webhookEndpointSchemas>;
export type CreateWebhookEndpointInput = InferType<Schemas['create']>;
export type UpdateWebhookEndpointInput = InferType<Schemas['update']>;

/** An endpoint as the API answers it; `secret` only in the answers of POST and roll-secret. */
export interface WebhookEndpoint {
  id: number;
  url: string;
  description: string | null;
  events: WebhookEventType[];
  enabled: boolean;
  /** Why Ringcast turned it off (deliveries failing for 3 days), or null. */
  disabledReason: string | null;
  createdAt: string;
  updatedAt: string;
  secret?: string;
}

/** One attempt to deliver an event to an endpoint, as the delivery log shows it. */
export interface WebhookDelivery {
  id: number;
  eventId: string;
  type: WebhookEventType;
  attempt: number;
  /** The receiver's HTTP status, or null when no answer came (refused, timed out). */
  statusCode: number | null;
  durationMs: number | null;
  /** The first 500 bytes of the answer. */
  responseBody: string | null;
  /** Set when this attempt got a 2xx. */
  deliveredAt: string | null;
  /** When the next automatic attempt is due, when one is. */
  nextRetryAt: string | null;
  error: string | null;
  createdAt: string;
}

/** The body of every webhook request. */
export interface WebhookEventBody<D = Record<string, unknown>> {
  id: string;
  type: WebhookEventType;
  /** Unix seconds. */
  created: number;
  data: D;
}
