import { createHash } from 'node:crypto';
import { sequelize } from '../../db/sequelize';
import { User } from '../../db/models';
import { publishUserUpdated } from '../userEvents';
import { stripe } from '../../providers/stripe';
import { toCurrentUser } from '../../lib/userCache';

/**
 * The user's Stripe customer, created the first time they check out. The idempotency key makes
 * two first checkouts at once create one customer; the row is written once, under its lock
 * (the user cache drops the row through its save hooks), and admins see the new badge.
 */
export async function ensureStripeCustomer(userId: number, { replace = false } = {}): Promise<string> {
  const user = await User.findByPk(userId, { rejectOnEmpty: true });
  if (user.stripeCustomerId && !replace) return user.stripeCustomerId;

  const name = `${user.firstName} ${user.lastName}`.trim();
  const fingerprint = createHash('sha256')
    .update(`${user.email}\n${name}\n${replace ? user.stripeCustomerId : ''}`)
    .digest('hex')
    .slice(0, 24);
  const customer = await stripe().customers.create(
    { email: user.email, name, metadata: { userId: String(user.id) } },
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
