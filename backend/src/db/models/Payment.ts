import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
} from 'sequelize';
import { sequelize } from '../sequelize';

export class Payment extends Model<InferAttributes<Payment>, InferCreationAttributes<Payment>> {
  declare id: CreationOptional<number>;
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
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

Payment.init(
  {
    id: { type: DataTypes.INTEGER.UNSIGNED, autoIncrement: true, primaryKey: true },
    userId: { type: DataTypes.INTEGER.UNSIGNED, allowNull: false },
    campaignId: DataTypes.INTEGER.UNSIGNED,
    campaignName: DataTypes.STRING(200),
    paymentIntentId: { type: DataTypes.STRING(64), allowNull: false },
    amountCents: { type: DataTypes.INTEGER.UNSIGNED, allowNull: false },
    currency: { type: DataTypes.STRING(3), allowNull: false, defaultValue: 'usd' },
    status: { type: DataTypes.STRING(32), allowNull: false },
    description: DataTypes.STRING(500),
    createdAt: DataTypes.DATE(3),
    updatedAt: DataTypes.DATE(3),
  },
  { sequelize, tableName: 'payments' },
);
