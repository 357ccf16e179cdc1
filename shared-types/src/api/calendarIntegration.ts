import { number, object, string, type InferType } from 'yup';

/**
 * The owner's Cal.com connection (/account Integrations): an API key (stored encrypted, like the
 * Twilio token) and one event type of that account, whose slots and bookings a booking campaign
 * uses. A key starting `cal_sandbox_` (or any key in sandbox mode) talks to the Cal.com sandbox.
 */
export const CALCOM_MESSAGES = {
  apiKeyRequired: 'Enter your Cal.com API key',
  apiKeyInvalid: 'Cal.com did not accept this API key',
  eventTypeRequired: 'Choose an event type',
  eventTypeUnknown: 'This event type is not in your Cal.com account',
  unreachable: 'Cal.com could not be reached. Try again in a moment.',
  notConnected: 'Cal.com is not connected',
} as const;

/** GET /api/integrations/calcom. */
export interface CalcomConnection {
  connected: boolean;
  /** The key's last four characters, to recognise it. */
  apiKeyLast4: string | null;
  eventTypeId: number | null;
  eventTypeTitle: string | null;
  eventTypeMinutes: number | null;
  /** Whether it talks to the Cal.com sandbox. */
  sandbox: boolean;
  connectedAt: string | null;
}

/** What GET /api/integrations/calcom answers (and the page shows) before a connection. */
export const CALCOM_NOT_CONNECTED: CalcomConnection = {
  connected: false,
  apiKeyLast4: null,
  eventTypeId: null,
  eventTypeTitle: null,
  eventTypeMinutes: null,
  sandbox: false,
  connectedAt: null,
};

/** One event type of the account, as POST /api/integrations/calcom/event-types lists them. */
export interface CalcomEventType {
  id: number;
  title: string;
  slug: string;
  lengthInMinutes: number;
}

const apiKey = string()
  .trim()
  .required(CALCOM_MESSAGES.apiKeyRequired)
  .max(200, CALCOM_MESSAGES.apiKeyInvalid);

/** POST /api/integrations/calcom/event-types `{ apiKey }`: the account's event types (the key is not stored). */
export const calcomEventTypesSchema = object({ apiKey });

/** PUT /api/integrations/calcom `{ apiKey, eventTypeId }`: checks both with Cal.com, then stores them. */
export const calcomConnectSchema = object({
  apiKey,
  eventTypeId: number()
    .typeError(CALCOM_MESSAGES.eventTypeRequired)
    .integer(CALCOM_MESSAGES.eventTypeRequired)
    .positive(CALCOM_MESSAGES.eventTypeRequired)
    .required(CALCOM_MESSAGES.eventTypeRequired),
});
export type CalcomConnectInput = InferType<typeof calcomConnectSchema>;
