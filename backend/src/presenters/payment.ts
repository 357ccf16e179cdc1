import type { Transaction } from 'sequelize';
import type { AdminPayment } from '@ringcast/shared-types';
import { Campaign, Payment, User } from '../db/models';

/** A Payment row loaded with its payer and campaign (see PAYMENT_PARTIES). */
export type PaymentWithRelations = Payment & {
  User?: Pick<User, 'firstName' | 'lastName' | 'email'> | null;
  Campaign?: Pick<Campaign, 'name'> | null;
};

/** The includes presentAdminPayment reads: `Payment.findAll({ include: PAYMENT_PARTIES })`. */
export const PAYMENT_PARTIES = [
  { model: User, attributes: ['id', 'firstName', 'lastName', 'email'] },
  { model: Campaign, attributes: ['id', 'name'] },
];

/** A payment as the admin Payments tab lists it and `payment:recorded` pushes it. */
export function presentAdminPayment(payment: PaymentWithRelations): AdminPayment {
  return {
    id: payment.id,
    userId: payment.userId,
    firstName: payment.User?.firstName ?? '',
    lastName: payment.User?.lastName ?? '',
    email: payment.User?.email ?? '',
    // The campaign's name while it exists; once deleted, the name the payment kept.
    campaignName: payment.Campaign?.name ?? payment.campaignName ?? null,
    campaignDeleted: !payment.Campaign && payment.campaignName != null,
    paymentIntentId: payment.paymentIntentId,
    status: payment.status,
    amount: payment.amountCents,
    currency: payment.currency,
    created: payment.createdAt.toISOString(),
    description: payment.description ?? null,
  };
}

/** Re-reads a payment with its parties, inside the caller's transaction. */
export async function loadPaymentWithRelations(
  id: number,
  transaction?: Transaction,
): Promise<PaymentWithRelations> {
  return (await Payment.findByPk(id, {
    include: PAYMENT_PARTIES,
    transaction,
    rejectOnEmpty: true,
  })) as PaymentWithRelations;
}
