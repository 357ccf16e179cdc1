import type { ProfileInput, TwilioConnection, TwilioInput, User } from '@ringcast/shared-types';
import { api } from './client';

/** PUT /api/user/profile with the profile fields; answers the updated user. */
export const saveProfile = (input: ProfileInput) => api.put<User>('/api/user/profile', input);

/** PUT /api/user/profile with the Twilio fields; the answer carries the token masked. */
export const saveTwilioSettings = (input: TwilioInput) => api.put<User>('/api/user/profile', input);

/** GET /api/user/twilio-status: whether the saved credentials work, asked of Twilio now. */
export const fetchTwilioConnection = () => api.get<TwilioConnection>('/api/user/twilio-status');
