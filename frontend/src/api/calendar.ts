import type {
  CalcomConnectInput,
  CalcomConnection,
  CalcomEventType,
  CalendarFeed,
} from '@ringcast/shared-types';
import { api } from './client';

/** The owner's Cal.com connection (Account → Integrations). */
export const fetchCalcomConnection = () => api.get<CalcomConnection>('/api/integrations/calcom');

/** The event types of the account this key opens; the key is not stored by this call. */
export const fetchCalcomEventTypes = (apiKey: string) =>
  api.post<CalcomEventType[]>('/api/integrations/calcom/event-types', { apiKey });

export const connectCalcom = (input: CalcomConnectInput) =>
  api.put<CalcomConnection>('/api/integrations/calcom', input);

export const disconnectCalcom = () => api.delete<void>('/api/integrations/calcom');

/** The private iCalendar address of the signed-in user's appointments. */
export const fetchCalendarFeed = () => api.get<CalendarFeed>('/api/calendar-feed');

/** A new private address; the old one stops working. */
export const resetCalendarFeed = () => api.post<CalendarFeed>('/api/calendar-feed/reset');
