import { DataTypes, type CreationOptional } from 'sequelize';
import type { InvoiceStatus } from '@ringcast/shared-types';
import { sequelize } from '../sequelize';
import { Table, foreignKey, required } from './common';

/**
 * A Stripe invoice as Ringcast last read it from Stripe (never from a webhook body). Upserted by
 * the billing sync; the id is Stripe's `in_...`.
 */
export class Invoice extends Table<Invoice> {
  declare id: string;
  declare userId: number;
  /** Null once the campaign is deleted: the invoice stays. */
  declare campaignId: CreationOptional<number | null>;
  declare stripeSubscriptionId: CreationOptional<string | null>;
  declare number: CreationOptional<string | null>;
  declare status: InvoiceStatus;
  declare totalCents: CreationOptional<number>;
  declare amountPaidCents: CreationOptional<number>;
  declare amountDueCents: CreationOptional<number>;
  declare periodStart: CreationOptional<Date | null>;
  declare periodEnd: CreationOptional<Date | null>;
  declare hostedInvoiceUrl: CreationOptional<string | null>;
  declare invoicePdf: CreationOptional<string | null>;
  /** subscription_create | subscription_cycle | subscription_update | manual ... */
  declare billingReason: CreationOptional<string | null>;
  /** When Stripe created it (the customer's test clock time in sandbox mode). */
  declare stripeCreatedAt: Date;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

const cents = () => required(DataTypes.INTEGER, 0);

Invoice.init(
  {
    id: { type: DataTypes.STRING(64), primaryKey: true },
    userId: foreignKey(),
    campaignId: DataTypes.INTEGER.UNSIGNED,
    stripeSubscriptionId: DataTypes.STRING(64),
    number: DataTypes.STRING(64),
    status: required(DataTypes.STRING(16)),
    totalCents: cents(),
    amountPaidCents: cents(),
    amountDueCents: cents(),
    periodStart: DataTypes.DATE(3),
    periodEnd: DataTypes.DATE(3),
    hostedInvoiceUrl: DataTypes.STRING(512),
    invoicePdf: DataTypes.STRING(512),
    billingReason: DataTypes.STRING(32),
    stripeCreatedAt: required(DataTypes.DATE(3)),
    createdAt: DataTypes.DATE(3),
    updatedAt: DataTypes.DATE(3),
  },
  { sequelize, tableName: 'invoices' },
);
