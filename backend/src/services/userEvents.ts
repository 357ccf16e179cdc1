import type { Transaction } from 'sequelize';
import { publish } from '../events/publish';
import { followAdminStatus } from '../events/socketMembership';
import { presentAdminUser } from '../presenters/adminUser';
import type { CurrentUser } from '../lib/userCache';

/**
 * Tells every admin tab that a user signed up or changed (profile, Twilio settings, admin edits),
 * so the Users tab stays live, and moves the user's own tabs in or out of the admins room when
 * the change made or unmade an admin. Inside a transaction, only once it commits.
 */
export function publishUserUpdated(user: CurrentUser, transaction?: Transaction | null): void {
  publish('user:updated', presentAdminUser(user), { transaction });
  followAdminStatus(user, transaction);
}
