import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
} from 'sequelize';
import type { DoNotCallSource } from '@ringcast/shared-types';
import { sequelize } from '../sequelize';

/** A number not to call: on one customer's list (userId), or on the platform's (userId NULL). */
export class DoNotCallNumber extends Model<
  InferAttributes<DoNotCallNumber>,
  InferCreationAttributes<DoNotCallNumber>
> {
  declare id: CreationOptional<number>;
  declare userId: number | null;
  /** userId, or 0 for the platform's list. */
  declare scope: number;
  /** E.164. */
  declare phoneNumber: string;
  declare reason: CreationOptional<string | null>;
  declare source: DoNotCallSource;
  declare callRecordId: CreationOptional<number | null>;
  declare createdByUserId: CreationOptional<number | null>;
  declare createdAt: CreationOptional<Date>;
}

DoNotCallNumber.init(
  {
    id: { type: DataTypes.INTEGER.UNSIGNED, autoIncrement: true, primaryKey: true },
    userId: DataTypes.INTEGER.UNSIGNED,
    scope: { type: DataTypes.INTEGER.UNSIGNED, allowNull: false },
    phoneNumber: { type: DataTypes.STRING(20), allowNull: false },
    reason: DataTypes.STRING(255),
    source: { type: DataTypes.STRING(16), allowNull: false },
    callRecordId: DataTypes.BIGINT.UNSIGNED,
    createdByUserId: DataTypes.INTEGER.UNSIGNED,
    createdAt: DataTypes.DATE(3),
  },
  { sequelize, tableName: 'do_not_call_numbers', updatedAt: false },
);
