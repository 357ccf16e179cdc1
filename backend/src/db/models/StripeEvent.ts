import { DataTypes } from 'sequelize';
import { sequelize } from '../sequelize';
import { Table, required } from './common';

/** A Stripe webhook event processed (evt_...): recorded once, so a redelivery changes nothing twice. */
export class StripeEvent extends Table<StripeEvent> {
  declare id: string;
  declare type: string;
  declare processedAt: Date;
}

StripeEvent.init(
  {
    id: { type: DataTypes.STRING(64), primaryKey: true },
    type: required(DataTypes.STRING(64)),
    processedAt: required(DataTypes.DATE(3)),
  },
  { sequelize, tableName: 'stripe_events', timestamps: false },
);
