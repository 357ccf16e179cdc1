import { DataTypes, type CreationOptional } from 'sequelize';
import type { WebhookEventType } from '@ringcast/shared-types';
import { sequelize } from '../sequelize';
import { Row, autoId, foreignKey, required, timestamps } from './common';

/** A customer's receiver of webhook events (up to 10 per user). */
export class WebhookEndpoint extends Row<WebhookEndpoint> {
  declare userId: number;
  /** https (http only where WEBHOOK_ALLOW_PRIVATE allows local receivers). */
  declare url: string;
  declare description: CreationOptional<string | null>;
  /** The event types it receives. */
  declare events: WebhookEventType[];
  /** `whsec_...` sealed with lib/secretBox; shown to the owner once, when made or rolled. */
  declare secretEncrypted: string;
  declare enabled: CreationOptional<boolean>;
  /** Why Ringcast turned it off (3 days of failed deliveries); null when the owner did, or it is on. */
  declare disabledReason: CreationOptional<string | null>;
}

WebhookEndpoint.init(
  {
    id: autoId(),
    userId: foreignKey(),
    url: required(DataTypes.STRING(2048)),
    description: { type: DataTypes.STRING(255), allowNull: true },
    events: required(DataTypes.JSON),
    secretEncrypted: required(DataTypes.TEXT),
    enabled: required(DataTypes.BOOLEAN, true),
    disabledReason: { type: DataTypes.STRING(255), allowNull: true },
    ...timestamps(),
  },
  { sequelize, tableName: 'webhook_endpoints' },
);
