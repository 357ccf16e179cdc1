import { DataTypes, type CreationOptional } from 'sequelize';
import { sequelize } from '../sequelize';
import { Row, autoId, required, foreignKey, timestamps } from './common';

/** A phone of the owner's, besides the profile's, that their test calls may ring (US or Canada). */
export class TestNumber extends Row<TestNumber> {
  declare userId: number;
  /** E.164; once per owner. */
  declare phoneNumber: string;
  declare label: CreationOptional<string | null>;
}

TestNumber.init(
  {
    id: autoId(),
    userId: foreignKey(),
    phoneNumber: required(DataTypes.STRING(20)),
    label: { type: DataTypes.STRING(64), allowNull: true },
    ...timestamps(),
  },
  { sequelize, tableName: 'test_numbers' },
);
