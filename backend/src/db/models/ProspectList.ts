import { DataTypes, type CreationOptional } from 'sequelize';
import type { ProspectListStatus } from '@ringcast/shared-types';
import { sequelize } from '../sequelize';
import { Table, autoId, required, foreignKey, counter } from './common';

export class ProspectList extends Table<ProspectList> {
  declare id: CreationOptional<number>;
  declare userId: number;
  /** The file name the user uploaded. */
  declare name: string;
  /** Our own name for the file in storage. */
  declare storedFileName: string;
  declare status: CreationOptional<ProspectListStatus>;
  declare failureReason: CreationOptional<string | null>;
  declare contactCount: CreationOptional<number>;
  /** Rows the parse left out: no valid phone number, or a number already read from the file. */
  declare skippedInvalidPhone: CreationOptional<number>;
  declare skippedDuplicate: CreationOptional<number>;
  /** Contacts kept but marked: their number was on a do-not-call list when the file was read. */
  declare doNotCallCount: CreationOptional<number>;
  /** The file's header row as a JSON array, which labels the skipped rows' columns. */
  declare headerCells: CreationOptional<string | null>;
  declare uploadedAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

ProspectList.init(
  {
    id: autoId(),
    userId: foreignKey(),
    name: required(DataTypes.STRING(255)),
    storedFileName: required(DataTypes.STRING(255)),
    status: required(DataTypes.STRING(16), 'processing'),
    failureReason: DataTypes.STRING(500),
    contactCount: counter(),
    skippedInvalidPhone: counter(),
    skippedDuplicate: counter(),
    doNotCallCount: counter(),
    headerCells: DataTypes.TEXT,
    uploadedAt: DataTypes.DATE(3),
    updatedAt: DataTypes.DATE(3),
  },
  { sequelize, tableName: 'prospect_lists', createdAt: 'uploadedAt' },
);
