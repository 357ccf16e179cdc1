import { DataTypes, type CreationOptional } from 'sequelize';
import { sequelize } from '../sequelize';
import { Table, autoId, foreignKey, required } from './common';

/** One attempt to deliver an event to an endpoint: what the receiver answered, and what comes next. */
export class WebhookDelivery extends Table<WebhookDelivery> {
  declare id: CreationOptional<number>;
  declare endpointId: number;
  declare eventId: string;
  /** 1 for the first try; retries and resends count on, per (endpoint, event). */
  declare attempt: number;
  declare statusCode: CreationOptional<number | null>;
  declare durationMs: CreationOptional<number | null>;
  /** The first 500 bytes of the answer. */
  declare responseBody: CreationOptional<string | null>;
  declare deliveredAt: CreationOptional<Date | null>;
  declare nextRetryAt: CreationOptional<Date | null>;
  /** Why no answer came (refused address, timeout, connection error). */
  declare error: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
}

WebhookDelivery.init(
  {
    id: autoId('bigint'),
    endpointId: foreignKey(),
    eventId: required(DataTypes.STRING(40)),
    attempt: required(DataTypes.INTEGER.UNSIGNED),
    statusCode: { type: DataTypes.SMALLINT.UNSIGNED, allowNull: true },
    durationMs: { type: DataTypes.INTEGER.UNSIGNED, allowNull: true },
    responseBody: { type: DataTypes.STRING(500), allowNull: true },
    deliveredAt: { type: DataTypes.DATE(3), allowNull: true },
    nextRetryAt: { type: DataTypes.DATE(3), allowNull: true },
    error: { type: DataTypes.STRING(255), allowNull: true },
    createdAt: DataTypes.DATE(3),
  },
  { sequelize, tableName: 'webhook_deliveries', updatedAt: false },
);
