import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
} from 'sequelize';
import type { SkippedRowReason } from '@ringcast/shared-types';
import { sequelize } from '../sequelize';

/** A row of a prospect file that the parse left out, as the file had it. */
export class ProspectSkippedRow extends Model<
  InferAttributes<ProspectSkippedRow>,
  InferCreationAttributes<ProspectSkippedRow>
> {
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
    id: { type: DataTypes.BIGINT.UNSIGNED, autoIncrement: true, primaryKey: true },
    prospectListId: { type: DataTypes.INTEGER.UNSIGNED, allowNull: false },
    rowIndex: { type: DataTypes.INTEGER.UNSIGNED, allowNull: false },
    reason: { type: DataTypes.STRING(16), allowNull: false },
    cells: { type: DataTypes.TEXT('medium'), allowNull: false },
  },
  { sequelize, tableName: 'prospect_skipped_rows', timestamps: false },
);
