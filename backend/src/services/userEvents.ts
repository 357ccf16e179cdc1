import type { Transaction } from 'sequelize';
import { ADMINS_ROOM } from '@ringcast/shared-types';
import { publish } from '../events/publish';
import { presentAdminUser } from '../presenters/adminUser';
import type { CurrentUser } from './userCache';

/**
 * Tells every admin tab that a user signed up or changed (profile, Twilio settings, admin edits),
 * so the Users tab stays live. Inside a transaction, only once it commits.
 */
export function publishUserUpdated(user: CurrentUser, transaction?: Transaction | null): void {
  publish([ADMINS_ROOM], 'user:updated', presentAdminUser(user), { transaction });
}
