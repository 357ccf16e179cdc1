import { DataTypes, type CreationOptional } from 'sequelize';
import type { DoNotCallImportStatus } from '@ringcast/shared-types';
import { sequelize } from '../sequelize';
import { Row, autoId, required, foreignKey, counter, timestamps } from './common';

/** A do-not-call upload the worker adds in batches; progress and counts move with each batch. */
export class DoNotCallImport extends Row<DoNotCallImport> {
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
}

DoNotCallImport.init(
  {
    id: autoId(),
    userId: DataTypes.INTEGER.UNSIGNED,
    scope: required(DataTypes.INTEGER.UNSIGNED),
    createdByUserId: foreignKey(),
    status: required(DataTypes.STRING(16), 'queued'),
    fileName: required(DataTypes.STRING(255)),
    storedFileName: required(DataTypes.STRING(255)),
    linesRead: required(DataTypes.INTEGER.UNSIGNED),
    processed: counter(),
    added: counter(),
    alreadyPresent: counter(),
    invalid: counter(),
    errorMessage: DataTypes.STRING(500),
    ...timestamps(),
  },
  { sequelize, tableName: 'do_not_call_imports' },
);
