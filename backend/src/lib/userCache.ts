import type { InferAttributes, Transaction } from 'sequelize';
import { User } from '../db/models';
import { sharedRedis, redisKey } from '../redis';
import { NearCache } from './nearCache';

/**
 * The signed-in user as every request sees it: a frozen snapshot of the row without the password
 * hash. Code that changes the user loads the row itself (User.findByPk).
 */
export type CurrentUser = Readonly<Omit<InferAttributes<User>, 'passwordHash'>>;

/**
 * Every signed-in request needs its user. Reading it from memory or Redis instead of MySQL is
 * what keeps `GET /api/auth/user` and every other call fast. Entries are dropped everywhere
 * whenever the row changes (hooks below, again after the commit) and expire on their own as a
 * safety net.
 */
const TTL_SECONDS = 60;
const cacheKey = (id: number) => redisKey('user', id);
const recent = new NearCache<CurrentUser>('user');

export function toCurrentUser(user: User): CurrentUser {
  const { passwordHash: _hash, ...rest } = user.get({ plain: true }) as InferAttributes<User>;
  return Object.freeze(rest);
}

function fromJson(raw: string): CurrentUser {
  const parsed = JSON.parse(raw) as CurrentUser & {
    createdAt: string;
    updatedAt: string;
    passwordChangedAt: string | null;
  };
  return Object.freeze({
    ...parsed,
    createdAt: new Date(parsed.createdAt),
    updatedAt: new Date(parsed.updatedAt),
    passwordChangedAt: parsed.passwordChangedAt ? new Date(parsed.passwordChangedAt) : null,
  });
}

/** The user as this process last read it, if within the near cache's few seconds. */
export const recentCurrentUser = (id: number): CurrentUser | undefined => recent.get(String(id));

export async function findCurrentUser(id: number): Promise<CurrentUser | null> {
  const local = recent.get(String(id));
  if (local) return local;
  const raw = await sharedRedis().get(cacheKey(id));
  let user: CurrentUser | null = raw ? fromJson(raw) : null;
  if (!user) {
    const row = await User.findByPk(id, { attributes: { exclude: ['passwordHash'] } });
    if (!row) return null;
    user = toCurrentUser(row);
    await sharedRedis().set(cacheKey(id), JSON.stringify(user), 'EX', TTL_SECONDS);
  }
  recent.set(String(id), user);
  return user;
}

async function forget(user: User, transaction?: Transaction | null) {
  const drop = async () => {
    await sharedRedis().del(cacheKey(user.id));
    await recent.invalidate(String(user.id));
  };
  await drop();
  // A reader between the change and its commit may re-cache the old row; drop it again after.
  transaction?.afterCommit(drop);
}

User.addHook('afterSave', (user: User, options: { transaction?: Transaction | null }) =>
  forget(user, options.transaction),
);
User.addHook('afterDestroy', (user: User, options: { transaction?: Transaction | null }) =>
  forget(user, options.transaction),
);
// Bulk updates would bypass the hooks above; route them through the instances instead.
User.addHook('beforeBulkUpdate', (options: { individualHooks?: boolean }) => {
  options.individualHooks = true;
});
User.addHook('beforeBulkDestroy', (options: { individualHooks?: boolean }) => {
  options.individualHooks = true;
});
