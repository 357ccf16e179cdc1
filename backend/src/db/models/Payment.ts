import { DataTypes, type CreationOptional } from 'sequelize';
import { sequelize } from '../sequelize';
import { Row, autoId, required, foreignKey, timestamps } from './common';

export class Payment extends Row<Payment> {
  declare userId: number;
  declare campaignId: CreationOptional<number | null>;
  /** The campaign's name when the payment was recorded or the campaign deleted: it outlives the campaign. */
  declare campaignName: CreationOptional<string | null>;
  /** Unique: one Payment row per PaymentIntent, however often activation runs. */
  declare paymentIntentId: string;
  declare amountCents: number;
  declare currency: CreationOptional<string>;
  declare status: string;
  declare description: CreationOptional<string | null>;
}

Payment.init(
  {
    id: autoId(),
    userId: foreignKey(),
    campaignId: DataTypes.INTEGER.UNSIGNED,
    campaignName: DataTypes.STRING(200),
    paymentIntentId: required(DataTypes.STRING(64)),
    amountCents: required(DataTypes.INTEGER.UNSIGNED),
    currency: required(DataTypes.STRING(3), 'usd'),
    status: required(DataTypes.STRING(32)),
    description: DataTypes.STRING(500),
    ...timestamps(),
  },
  { sequelize, tableName: 'payments' },
);
