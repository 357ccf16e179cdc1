import { DataTypes, type CreationOptional } from 'sequelize';
import type { ProspectCallState } from '@ringcast/shared-types';
import { sequelize } from '../sequelize';
import { Table, required } from './common';

/** A prospect as one campaign sees it: how often it was tried, and when it may be tried next. */
export class CampaignProspect extends Table<CampaignProspect> {
  declare campaignId: number;
  declare prospectId: number;
  declare phoneNumber: string;
  declare state: CreationOptional<ProspectCallState>;
  declare attempts: CreationOptional<number>;
  declare lastResult: CreationOptional<string | null>;
  declare lastAttemptAt: CreationOptional<Date | null>;
  /**
   * When the calling rules next allow a call (or when they must be asked again); NULL while a call
   * is live or when nothing is left to do. The dispatcher reads this index.
   */
  declare nextAttemptAt: CreationOptional<Date | null>;
  declare reason: CreationOptional<string | null>;
  /** Where the prospect may be (its candidate zones and states, in `calling_areas`), copied when seeded. */
  declare callingAreaId: CreationOptional<number | null>;
  declare updatedAt: CreationOptional<Date>;
}

CampaignProspect.init(
  {
    campaignId: { type: DataTypes.INTEGER.UNSIGNED, primaryKey: true },
    prospectId: { type: DataTypes.BIGINT.UNSIGNED, primaryKey: true },
    phoneNumber: required(DataTypes.STRING(20)),
    state: required(DataTypes.STRING(12), 'pending'),
    attempts: required(DataTypes.SMALLINT.UNSIGNED, 0),
    lastResult: DataTypes.STRING(16),
    lastAttemptAt: DataTypes.DATE(3),
    nextAttemptAt: DataTypes.DATE(3),
    reason: DataTypes.STRING(32),
    callingAreaId: DataTypes.MEDIUMINT.UNSIGNED,
    updatedAt: DataTypes.DATE(3),
  },
  { sequelize, tableName: 'campaign_prospects', createdAt: false },
);
