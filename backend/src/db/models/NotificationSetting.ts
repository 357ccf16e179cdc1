import { DataTypes, type CreationOptional } from 'sequelize';
import type { LeadAlertMode } from '@ringcast/shared-types';
import { sequelize } from '../sequelize';
import { Table, foreignKey, timestamps } from './common';

/** A user's choice of mail (no row: the defaults). See docs/notifications.md. */
export class NotificationSetting extends Table<NotificationSetting> {
  declare userId: number;
  declare leadAlerts: CreationOptional<LeadAlertMode>;
  declare campaignEvents: CreationOptional<boolean>;
  declare ticketAnswers: CreationOptional<boolean>;
  /** IANA zone the daily digest's 8:00 is read in; null until chosen. */
  declare timeZone: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

NotificationSetting.init(
  {
    userId: { ...foreignKey(), primaryKey: true },
    leadAlerts: { type: DataTypes.ENUM('each', 'digest', 'off'), allowNull: false, defaultValue: 'each' },
    campaignEvents: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    ticketAnswers: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    timeZone: { type: DataTypes.STRING(64), allowNull: true },
    ...timestamps(),
  },
  { sequelize, tableName: 'notification_settings' },
);
