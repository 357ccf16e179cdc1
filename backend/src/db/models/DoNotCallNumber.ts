import { DataTypes, type CreationOptional } from 'sequelize';
import type { DoNotCallSource } from '@ringcast/shared-types';
import { sequelize } from '../sequelize';
import { Table, autoId, required } from './common';

/** A number not to call: on one customer's list (userId), or on the platform's (userId NULL). */
export class DoNotCallNumber extends Table<DoNotCallNumber> {
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
    id: autoId(),
    userId: DataTypes.INTEGER.UNSIGNED,
    scope: required(DataTypes.INTEGER.UNSIGNED),
    phoneNumber: required(DataTypes.STRING(20)),
    reason: DataTypes.STRING(255),
    source: required(DataTypes.STRING(16)),
    callRecordId: DataTypes.BIGINT.UNSIGNED,
    createdByUserId: DataTypes.INTEGER.UNSIGNED,
    createdAt: DataTypes.DATE(3),
  },
  { sequelize, tableName: 'do_not_call_numbers', updatedAt: false },
);
