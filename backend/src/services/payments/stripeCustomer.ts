import { createHash } from 'node:crypto';
import { sequelize } from '../../db/sequelize';
import { User } from '../../db/models';
import { publishUserUpdated } from '../userEvents';
import { isStripeMissing, stripe, usesStripeSandbox } from '../../providers/stripe';
import { toCurrentUser } from '../../lib/userCache';

/**
 * In sandbox mode every customer lives on a test clock of its own, so an admin can advance one
 * user's billing by months without touching anyone else's. A customer stored from before (no
 * clock) is replaced the next time it is needed.
 */
async function lacksTestClock(customerId: string): Promise<boolean> {
  if (!usesStripeSandbox()) return false;
  try {
    const customer = await stripe().customers.retrieve(customerId);
    return 'deleted' in customer && customer.deleted ? true : !customer.test_clock;
  } catch (err) {
    if (isStripeMissing(err)) return true;
    throw err;
  }
}

/**
 * The user's Stripe customer, created the first time they check out. The idempotency key makes
 * two first checkouts at once create one customer; the row is written once, under its lock
 * (the user cache drops the row through its save hooks), and admins see the new badge.
 */
export async function ensureStripeCustomer(userId: number, { replace = false } = {}): Promise<string> {
  const user = await User.findByPk(userId, { rejectOnEmpty: true });
  if (user.stripeCustomerId && !replace && !(await lacksTestClock(user.stripeCustomerId)))
    return user.stripeCustomerId;

  const name = `${user.firstName} ${user.lastName}`.trim();
  const fingerprint = createHash('sha256')
    .update(`${user.email}\n${name}\n${user.stripeCustomerId ?? ''}`)
    .digest('hex')
    .slice(0, 24);
  const testClock = usesStripeSandbox()
    ? await stripe().testHelpers.testClocks.create(
        { frozen_time: Math.floor(Date.now() / 1000), name: `user ${user.id}` },
        { idempotencyKey: `clock-${user.id}-${fingerprint}` },
      )
    : null;
  const customer = await stripe().customers.create(
    {
      email: user.email,
      name,
      metadata: { userId: String(user.id) },
      ...(testClock ? { test_clock: testClock.id } : {}),
    },
    { idempotencyKey: `customer-${user.id}-${fingerprint}` },
  );

  return sequelize.transaction(async (transaction) => {
    const row = await User.findByPk(userId, {
      transaction,
      lock: transaction.LOCK.UPDATE,
      rejectOnEmpty: true,
    });
    if (row.stripeCustomerId && row.stripeCustomerId !== user.stripeCustomerId) return row.stripeCustomerId;
    await row.update({ stripeCustomerId: customer.id }, { transaction });
    publishUserUpdated(toCurrentUser(row), transaction);
    return customer.id;
  });
}
