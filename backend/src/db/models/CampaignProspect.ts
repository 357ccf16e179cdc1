import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
} from 'sequelize';
import type { ProspectCallState } from '@ringcast/shared-types';
import { sequelize } from '../sequelize';

/** A prospect as one campaign sees it: how often it was tried, and when it may be tried next. */
export class CampaignProspect extends Model<
  InferAttributes<CampaignProspect>,
  InferCreationAttributes<CampaignProspect>
> {
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
    phoneNumber: { type: DataTypes.STRING(20), allowNull: false },
    state: { type: DataTypes.STRING(12), allowNull: false, defaultValue: 'pending' },
    attempts: { type: DataTypes.SMALLINT.UNSIGNED, allowNull: false, defaultValue: 0 },
    lastResult: DataTypes.STRING(16),
    lastAttemptAt: DataTypes.DATE(3),
    nextAttemptAt: DataTypes.DATE(3),
    reason: DataTypes.STRING(32),
    callingAreaId: DataTypes.MEDIUMINT.UNSIGNED,
    updatedAt: DataTypes.DATE(3),
  },
  { sequelize, tableName: 'campaign_prospects', createdAt: false },
);
