import { array, boolean, object, string, type InferType } from 'yup';
import { isKnownTimeZone } from '../logic/zonedTime';
import { MAX_TEXT, trimmedText } from './fields';

/**
 * The mail a customer chooses to get (issue 35, "Alerts the customer chooses"): lead alerts for each
 * interesting call, one daily digest at 8:00 in their time zone, or none; campaign events; support
 * ticket answers. Security messages (password reset and change) are not a choice.
 */

/** Each call as it ends, one digest a day, or nothing. */
export const LEAD_ALERT_MODES = ['each', 'digest', 'off'] as const;
export type LeadAlertMode = (typeof LEAD_ALERT_MODES)[number];

/** The outcomes a lead alert is sent for: the results a campaign runs for. */
export const LEAD_ALERT_OUTCOMES = ['interested', 'appointment_booked', 'call_back_later'] as const;

/** The categories an unsubscribe link can turn off, each a field of the settings. */
export const NOTIFICATION_CATEGORIES = ['leadAlerts', 'campaignEvents', 'ticketAnswers'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

/** How each category is named to a customer (the unsubscribe page says which one it turned off). */
export const NOTIFICATION_CATEGORY_LABELS: Record<NotificationCategory, string> = {
  leadAlerts: 'lead alerts',
  campaignEvents: 'campaign event emails',
  ticketAnswers: 'support ticket emails',
};

/** The hour of the customer's day the lead digest is sent at. */
export const LEAD_DIGEST_HOUR = 8;
/** The zone a digest follows until the customer picks one (the account page offers the browser's). */
export const DEFAULT_NOTIFICATION_TIME_ZONE = 'America/New_York';

/** GET /api/notification-settings. Defaults: each call, every category on. */
export interface NotificationSettings {
  leadAlerts: LeadAlertMode;
  campaignEvents: boolean;
  ticketAnswers: boolean;
  /** IANA zone the digest's 8:00 is read in; null until chosen (DEFAULT_NOTIFICATION_TIME_ZONE applies). */
  timeZone: string | null;
}

const jsonBoolean = (label: string) =>
  boolean().strict().typeError(`${label} must be true or false`).required(`${label} is required`);

export const INVALID_TIME_ZONE = 'Choose a time zone from the list';

/** PUT /api/notification-settings. */
export const notificationSettingsSchema = object({
  leadAlerts: string()
    .strict()
    .required('Lead alerts is required')
    .oneOf([...LEAD_ALERT_MODES], `Lead alerts must be one of: ${LEAD_ALERT_MODES.join(', ')}`),
  campaignEvents: jsonBoolean('Campaign events'),
  ticketAnswers: jsonBoolean('Ticket answers'),
  timeZone: trimmedText()
    .max(64, INVALID_TIME_ZONE)
    .nullable()
    .test('zone', INVALID_TIME_ZONE, (value) => !value || isKnownTimeZone(value)),
});
export type NotificationSettingsInput = InferType<typeof notificationSettingsSchema>;

/** How many addresses besides the owner's a campaign's lead alerts may go to. */
export const MAX_ALERT_RECIPIENTS = 5;
export const ALERT_RECIPIENTS_FULL = `A campaign's lead alerts can go to at most ${MAX_ALERT_RECIPIENTS} extra addresses.`;
export const ALERT_RECIPIENT_INVALID = 'Each recipient must be a valid email address';
export const ALERT_RECIPIENT_REPEATED = 'Each recipient can be listed once';

/** PUT /api/campaigns/:id/alert-recipients: the whole list, replaced (lower-cased, each once). */
export const alertRecipientsSchema = object({
  recipients: array(
    trimmedText()
      .lowercase()
      .required(ALERT_RECIPIENT_INVALID)
      .email(ALERT_RECIPIENT_INVALID)
      .max(MAX_TEXT, ALERT_RECIPIENT_INVALID),
  )
    .strict(false)
    .typeError('Recipients must be a list of email addresses')
    .required('Recipients is required')
    .max(MAX_ALERT_RECIPIENTS, ALERT_RECIPIENTS_FULL)
    .test('once', ALERT_RECIPIENT_REPEATED, (list) => !list || new Set(list).size === list.length),
});
export type AlertRecipientsInput = InferType<typeof alertRecipientsSchema>;

/** GET and PUT /api/campaigns/:id/alert-recipients answer. */
export interface AlertRecipients {
  campaignId: number;
  recipients: string[];
}

export const UNSUBSCRIBE_INVALID =
  'This unsubscribe link is not valid. Change your email settings on your account page.';

/** POST /api/notification-settings/unsubscribe: the token from the mail's link; no sign-in needed. */
export const unsubscribeSchema = object({
  token: trimmedText().required(UNSUBSCRIBE_INVALID).max(512, UNSUBSCRIBE_INVALID),
});
export type UnsubscribeInput = InferType<typeof unsubscribeSchema>;

/** POST /api/notification-settings/unsubscribe answer: what was turned off. */
export interface UnsubscribeResult {
  category: NotificationCategory;
  /** "You will no longer get lead alerts." */
  message: string;
}
