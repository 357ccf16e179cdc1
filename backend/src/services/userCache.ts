import type { Transaction } from 'sequelize';
import { User } from '../db/models';
import { sharedRedis, redisKey } from '../redis';

/**
 * Every signed-in request needs its user. Reading it from Redis instead of MySQL is what keeps
 * `GET /api/auth/user` and every other call fast. The entry is dropped whenever the row changes
 * (hooks below, after the commit) and expires on its own as a safety net. The password hash is
 * never cached; code that checks a password reads the row.
 */
const TTL_SECONDS = 60;
const cacheKey = (id: number) => redisKey('user', id);

type CachedUser = Omit<ReturnType<User['get']>, 'passwordHash' | 'createdAt' | 'updatedAt'> & {
  createdAt: string;
  updatedAt: string;
};

export async function findUserCached(id: number): Promise<User | null> {
  const raw = await sharedRedis().get(cacheKey(id));
  if (raw) {
    const cached = JSON.parse(raw) as CachedUser;
    return User.build(
      { ...cached, createdAt: new Date(cached.createdAt), updatedAt: new Date(cached.updatedAt) } as never,
      { isNewRecord: false, raw: true },
    );
  }
  const user = await User.findByPk(id, { attributes: { exclude: ['passwordHash'] } });
  if (user) await sharedRedis().set(cacheKey(id), JSON.stringify(user.get({ plain: true })), 'EX', TTL_SECONDS);
  return user;
}

async function forget(user: User, transaction?: Transaction | null) {
  const drop = () => sharedRedis().del(cacheKey(user.id)).then(() => undefined);
  await drop();
  // A reader between the change and its commit may re-cache the old row; drop it again after.
  transaction?.afterCommit(drop);
}

User.addHook('afterSave', (user: User, options: { transaction?: Transaction | null }) => forget(user, options.transaction));
User.addHook('afterDestroy', (user: User, options: { transaction?: Transaction | null }) => forget(user, options.transaction));
// Bulk updates would bypass the hooks above; route them through the instances instead.
User.addHook('beforeBulkUpdate', (options: { individualHooks?: boolean }) => {
  options.individualHooks = true;
});
User.addHook('beforeBulkDestroy', (options: { individualHooks?: boolean }) => {
  options.individualHooks = true;
});
