import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
} from 'sequelize';
import { sequelize } from '../sequelize';

/** A phone of the owner's, besides the profile's, that their test calls may ring (US or Canada). */
export class TestNumber extends Model<InferAttributes<TestNumber>, InferCreationAttributes<TestNumber>> {
  declare id: CreationOptional<number>;
  declare userId: number;
  /** E.164; once per owner. */
  declare phoneNumber: string;
  declare label: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

TestNumber.init(
  {
    id: { type: DataTypes.INTEGER.UNSIGNED, autoIncrement: true, primaryKey: true },
    userId: { type: DataTypes.INTEGER.UNSIGNED, allowNull: false },
    phoneNumber: { type: DataTypes.STRING(20), allowNull: false },
    label: { type: DataTypes.STRING(64), allowNull: true },
    createdAt: DataTypes.DATE(3),
    updatedAt: DataTypes.DATE(3),
  },
  { sequelize, tableName: 'test_numbers' },
);
