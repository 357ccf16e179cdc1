import { DataTypes, type CreationOptional } from 'sequelize';
import { sequelize } from '../sequelize';
import { Table, autoId, required } from './common';

/** One admin change. Rows are only ever inserted. */
export class AuditLog extends Table<AuditLog> {
  declare id: CreationOptional<number>;
  /** Null once the acting admin's account is gone; actorEmail keeps who it was. */
  declare actorUserId: number | null;
  declare actorEmail: string;
  /** What was done, e.g. `campaign.setup`, `campaign.stats`, `ticket.update`, `user.update`, `file.download`. */
  declare action: string;
  declare entityType: string;
  declare entityId: string;
  declare before: CreationOptional<Record<string, unknown> | null>;
  declare after: CreationOptional<Record<string, unknown> | null>;
  declare createdAt: CreationOptional<Date>;
}

/**
 * MariaDB's JSON is LONGTEXT underneath, and the mysql dialect hands it back as a string; MySQL
 * returns it parsed. Either way the attribute reads as an object.
 */
function jsonGetter(attribute: 'before' | 'after') {
  return function (this: AuditLog) {
    const raw = this.getDataValue(attribute) as unknown;
    return typeof raw === 'string' ? (JSON.parse(raw) as Record<string, unknown> | null) : (raw ?? null);
  };
}

AuditLog.init(
  {
    id: autoId('bigint'),
    actorUserId: DataTypes.INTEGER.UNSIGNED,
    actorEmail: required(DataTypes.STRING(255)),
    action: required(DataTypes.STRING(64)),
    entityType: required(DataTypes.STRING(32)),
    entityId: required(DataTypes.STRING(64)),
    before: { type: DataTypes.JSON, get: jsonGetter('before') },
    after: { type: DataTypes.JSON, get: jsonGetter('after') },
    createdAt: DataTypes.DATE(3),
  },
  { sequelize, tableName: 'audit_logs', updatedAt: false },
);
