import { DataTypes, type CreationOptional } from 'sequelize';
import { sequelize } from '../sequelize';
import { Table, autoId, required, foreignKey, flag } from './common';

export class Prospect extends Table<Prospect> {
  declare id: CreationOptional<number>;
  declare prospectListId: number;
  /** E.164. Unique within its list, which is what makes a retried parse job safe. */
  declare phoneNumber: string;
  declare name: CreationOptional<string | null>;
  declare email: CreationOptional<string | null>;
  /** Every IANA zone the number may ring in, comma-separated; null when none is known. */
  declare timeZone: CreationOptional<string | null>;
  /** USPS codes of the states whose rules apply (area code, address), comma-separated. */
  declare state: CreationOptional<string | null>;
  /** The number was on the customer's or the platform's do-not-call list when the list was read. */
  declare doNotCall: CreationOptional<boolean>;
  declare createdAt: CreationOptional<Date>;
}

Prospect.init(
  {
    id: autoId('bigint'),
    prospectListId: foreignKey(),
    phoneNumber: required(DataTypes.STRING(20)),
    name: DataTypes.STRING(200),
    email: DataTypes.STRING(255),
    timeZone: DataTypes.STRING(1024),
    state: DataTypes.STRING(32),
    doNotCall: flag(),
    createdAt: DataTypes.DATE(3),
  },
  { sequelize, tableName: 'prospects', updatedAt: false },
);
