import { DataTypes, type CreationOptional } from 'sequelize';
import type { WebhookEventType } from '@ringcast/shared-types';
import { sequelize } from '../sequelize';
import { Table, foreignKey, required } from './common';

/** Something that happened, once, as the webhook body's `data` showed it then. */
export class WebhookEvent extends Table<WebhookEvent> {
  /** `evt_` and 24 random characters. */
  declare id: string;
  declare userId: number;
  declare type: WebhookEventType;
  /** What caused it (`call.completed:<call id>`); unique, so a repeated trigger adds no event. */
  declare sourceKey: CreationOptional<string | null>;
  declare payload: Record<string, unknown>;
  declare createdAt: CreationOptional<Date>;
}

WebhookEvent.init(
  {
    id: { type: DataTypes.STRING(40), primaryKey: true },
    userId: foreignKey(),
    type: required(DataTypes.STRING(40)),
    sourceKey: { type: DataTypes.STRING(191), allowNull: true },
    payload: required(DataTypes.JSON),
    createdAt: DataTypes.DATE(3),
  },
  { sequelize, tableName: 'webhook_events', updatedAt: false },
);
