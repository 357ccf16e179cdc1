/** The mail a customer chooses to get: settings, unsubscribe links, extra alert addresses, and the alerts. */
export {
  DEFAULT_SETTINGS,
  getNotificationSettings,
  notificationSettingsOf,
  turnOffCategory,
  updateNotificationSettings,
} from './settings';
export { readUnsubscribeToken, recipientUnsubscribeUrl, unsubscribe, unsubscribeUrl } from './unsubscribe';
export { alertRecipientsOf, getAlertRecipients, replaceAlertRecipients } from './alertRecipients';
export { SUMMARY_WAIT_MS, queueLeadAlerts, sendLeadAlerts, type LeadAlertStep } from './leadAlerts';
export { sendDueLeadDigests, sendLeadDigest } from './leadDigest';
export { notifyCampaignEvent, notifyTicketAnswered } from './accountEmails';
