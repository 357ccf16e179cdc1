import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
} from 'sequelize';
import { sequelize } from '../sequelize';

/** One admin change. Rows are only ever inserted. */
export class AuditLog extends Model<InferAttributes<AuditLog>, InferCreationAttributes<AuditLog>> {
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
    id: { type: DataTypes.BIGINT.UNSIGNED, autoIncrement: true, primaryKey: true },
    actorUserId: DataTypes.INTEGER.UNSIGNED,
    actorEmail: { type: DataTypes.STRING(255), allowNull: false },
    action: { type: DataTypes.STRING(64), allowNull: false },
    entityType: { type: DataTypes.STRING(32), allowNull: false },
    entityId: { type: DataTypes.STRING(64), allowNull: false },
    before: { type: DataTypes.JSON, get: jsonGetter('before') },
    after: { type: DataTypes.JSON, get: jsonGetter('after') },
    createdAt: DataTypes.DATE(3),
  },
  { sequelize, tableName: 'audit_logs', updatedAt: false },
);
