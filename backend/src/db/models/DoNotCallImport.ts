import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
} from 'sequelize';
import type { DoNotCallImportStatus } from '@ringcast/shared-types';
import { sequelize } from '../sequelize';

/** A do-not-call upload the worker adds in batches; progress and counts move with each batch. */
export class DoNotCallImport extends Model<
  InferAttributes<DoNotCallImport>,
  InferCreationAttributes<DoNotCallImport>
> {
  declare id: CreationOptional<number>;
  /** The customer whose list it fills; null for the platform's list. */
  declare userId: number | null;
  /** userId, or 0 for the platform's list. */
  declare scope: number;
  declare createdByUserId: number;
  declare status: CreationOptional<DoNotCallImportStatus>;
  /** The file name the user uploaded. */
  declare fileName: string;
  /** Our own name for the file in storage (kind `do-not-call-list`). */
  declare storedFileName: string;
  /** Rows below the header, blank ones aside, counted at upload. */
  declare linesRead: number;
  /** Rows the worker has handled: where a retried job resumes. */
  declare processed: CreationOptional<number>;
  declare added: CreationOptional<number>;
  declare alreadyPresent: CreationOptional<number>;
  declare invalid: CreationOptional<number>;
  declare errorMessage: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

// A function: Sequelize writes into an attribute's definition, so columns must not share one.
const count = () => ({ type: DataTypes.INTEGER.UNSIGNED, allowNull: false, defaultValue: 0 });

DoNotCallImport.init(
  {
    id: { type: DataTypes.INTEGER.UNSIGNED, autoIncrement: true, primaryKey: true },
    userId: DataTypes.INTEGER.UNSIGNED,
    scope: { type: DataTypes.INTEGER.UNSIGNED, allowNull: false },
    createdByUserId: { type: DataTypes.INTEGER.UNSIGNED, allowNull: false },
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'queued' },
    fileName: { type: DataTypes.STRING(255), allowNull: false },
    storedFileName: { type: DataTypes.STRING(255), allowNull: false },
    linesRead: { type: DataTypes.INTEGER.UNSIGNED, allowNull: false },
    processed: count(),
    added: count(),
    alreadyPresent: count(),
    invalid: count(),
    errorMessage: DataTypes.STRING(500),
    createdAt: DataTypes.DATE(3),
    updatedAt: DataTypes.DATE(3),
  },
  { sequelize, tableName: 'do_not_call_imports' },
);
