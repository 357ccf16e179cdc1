import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from 'sequelize';
import type { CallStatus } from '@ringcast/shared-types';
import { sequelize } from '../sequelize';

export class CallRecord extends Model<InferAttributes<CallRecord>, InferCreationAttributes<CallRecord>> {
  declare id: CreationOptional<number>;
  declare campaignId: number;
  declare prospectId: CreationOptional<number | null>;
  declare toNumber: string;
  declare status: CreationOptional<CallStatus>;
  declare answeredBy: CreationOptional<string | null>;
  declare durationSeconds: CreationOptional<number>;
  declare successful: CreationOptional<boolean>;
  declare cost: CreationOptional<string>;
  declare providerCallSid: CreationOptional<string | null>;
  declare startedAt: CreationOptional<Date | null>;
  declare endedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

CallRecord.init(
  {
    id: { type: DataTypes.BIGINT.UNSIGNED, autoIncrement: true, primaryKey: true },
    campaignId: { type: DataTypes.INTEGER.UNSIGNED, allowNull: false },
    prospectId: DataTypes.BIGINT.UNSIGNED,
    toNumber: { type: DataTypes.STRING(20), allowNull: false },
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'queued' },
    answeredBy: DataTypes.STRING(16),
    durationSeconds: { type: DataTypes.INTEGER.UNSIGNED, allowNull: false, defaultValue: 0 },
    successful: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    cost: { type: DataTypes.DECIMAL(10, 2), allowNull: false, defaultValue: '0.00' },
    providerCallSid: DataTypes.STRING(64),
    startedAt: DataTypes.DATE,
    endedAt: DataTypes.DATE,
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: 'call_records' },
);
