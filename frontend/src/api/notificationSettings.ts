import type {
  AlertRecipients,
  NotificationSettings,
  NotificationSettingsInput,
  UnsubscribeResult,
} from '@ringcast/shared-types';
import { api } from './client';

/** The mail the customer chooses to get (lead alerts, campaign events, ticket answers). */
export const fetchNotificationSettings = () => api.get<NotificationSettings>('/api/notification-settings');

export const saveNotificationSettings = (input: NotificationSettingsInput) =>
  api.put<NotificationSettings>('/api/notification-settings', input);

/** An unsubscribe link's token: no sign-in needed. */
export const unsubscribeWithToken = (token: string) =>
  api.post<UnsubscribeResult>('/api/notification-settings/unsubscribe', { token });

/** The addresses besides the owner's that a campaign's lead alerts go to. */
export const fetchAlertRecipients = (campaignId: number) =>
  api.get<AlertRecipients>(`/api/campaigns/${campaignId}/alert-recipients`);

export const saveAlertRecipients = (campaignId: number, recipients: string[]) =>
  api.put<AlertRecipients>(`/api/campaigns/${campaignId}/alert-recipients`, { recipients });
