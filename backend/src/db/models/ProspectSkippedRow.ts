import { DataTypes, type CreationOptional } from 'sequelize';
import type { SkippedRowReason } from '@ringcast/shared-types';
import { sequelize } from '../sequelize';
import { Table, autoId, required, foreignKey } from './common';

/** A row of a prospect file that the parse left out, as the file had it. */
export class ProspectSkippedRow extends Table<ProspectSkippedRow> {
  declare id: CreationOptional<number>;
  declare prospectListId: number;
  /** Its place among the rows read from the file; unique per list, so a retried parse stores it once. */
  declare rowIndex: number;
  declare reason: SkippedRowReason;
  /** The row's cells, as a JSON array of strings. */
  declare cells: string;
}

ProspectSkippedRow.init(
  {
    id: autoId('bigint'),
    prospectListId: foreignKey(),
    rowIndex: required(DataTypes.INTEGER.UNSIGNED),
    reason: required(DataTypes.STRING(16)),
    cells: required(DataTypes.TEXT('medium')),
  },
  { sequelize, tableName: 'prospect_skipped_rows', timestamps: false },
);
