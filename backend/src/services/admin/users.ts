import { Op, type Transaction } from 'sequelize';
import {
  adminEmailRequiredMessage,
  type AdminListQuery,
  type AdminUpdateUserInput,
  ADMIN_EDITABLE_USER_FIELDS,
} from '@ringcast/shared-types';
import { sequelize } from '../../db/sequelize';
import { User } from '../../db/models';
import { badRequest, conflict, notFound } from '../../errors';
import { config } from '../../config';
import { isAdminEmail, isAdminUser } from '../../policies/admin';
import { changedFields, recordAudit, type AuditActor } from '../auditLog';
import { publishUserUpdated } from '../userEvents';
import { containsPattern, findPage, personMatches, searchText, type Page } from './listQuery';

export const USER_NOT_FOUND = 'User not found';
export const LAST_ADMIN = 'At least one admin must remain';

const WITHOUT_SECRETS = { exclude: ['passwordHash'] };

/** The Users tab: newest first, searched by first, last or full name, email and company. */
export function listUsersForAdmin(query: AdminListQuery): Promise<Page<User>> {
  const q = searchText(query);
  return findPage(User, query, {
    where: q ? { [Op.or]: personMatches('User', containsPattern(q), { company: true }) } : {},
    searching: Boolean(q),
    attributes: WITHOUT_SECRETS,
  });
}

const editableValues = (user: User) =>
  Object.fromEntries(ADMIN_EDITABLE_USER_FIELDS.map((field) => [field, user[field] ?? null]));

/**
 * Locks the user's row, and when an admin flag may be removed every admin's row too, all by
 * primary key in id order: concurrent demotions queue behind one another instead of deadlocking,
 * and each then sees the admins the other left. (Locking through the isAdmin index instead would
 * collide with the index entry the first demotion moves.)
 */
async function lockForUpdate(id: number, withAdmins: boolean, transaction: Transaction) {
  const adminIds = withAdmins
    ? (await User.findAll({ where: { isAdmin: true }, attributes: ['id'], transaction })).map(
        (admin) => admin.id,
      )
    : [];
  const rows = await User.findAll({
    where: { id: [...new Set([id, ...adminIds])] },
    attributes: WITHOUT_SECRETS,
    order: [['id', 'ASC']],
    lock: true,
    transaction,
  });
  return {
    user: rows.find((row) => row.id === id),
    otherAdmins: rows.filter((row) => row.id !== id && isAdminUser(row)),
  };
}

/**
 * An admin edits a user (the allow-listed fields only). Removing the admin flag from the last
 * admin is refused, even when two admins demote each other at the same moment; only users of our
 * own email domain can be made admins.
 */
export async function updateUserAsAdmin(
  actor: AuditActor,
  id: number,
  input: AdminUpdateUserInput,
): Promise<User> {
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  return sequelize.transaction(async (transaction) => {
    const { user, otherAdmins } = await lockForUpdate(id, changes.isAdmin === false, transaction);
    if (!user) throw notFound(USER_NOT_FOUND);
    if (changes.isAdmin === true && !user.isAdmin && !isAdminEmail(user.email)) {
      const message = adminEmailRequiredMessage(config.adminEmailDomain);
      throw badRequest(message, { isAdmin: message });
    }
    if (changes.isAdmin === false && isAdminUser(user) && otherAdmins.length === 0)
      throw conflict(LAST_ADMIN);
    const before = editableValues(user);
    user.set(changes);
    if (!user.changed()) return user;
    await user.save({ transaction });
    const diff = changedFields(before, editableValues(user));
    if (diff)
      await recordAudit(
        { actor, action: 'user.update', entityType: 'user', entityId: user.id, ...diff },
        transaction,
      );
    publishUserUpdated(user, transaction);
    return user;
  });
}
