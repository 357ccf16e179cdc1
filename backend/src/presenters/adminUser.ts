import type { AdminUser } from '@ringcast/shared-types';
import type { CurrentUser } from '../lib/userCache';
import { presentUser } from './user';

/** A user as the admin Users tab and the `user:updated` push show it: the Twilio token masked. */
export function presentAdminUser(user: CurrentUser): AdminUser {
  return presentUser(user);
}
