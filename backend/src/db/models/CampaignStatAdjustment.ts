import { DataTypes, type CreationOptional } from 'sequelize';
import { sequelize } from '../sequelize';
import { Table, autoId, required, foreignKey } from './common';

/**
 * An admin's correction of a campaign's statistics, kept as the difference it made and the date it
 * counts for, so the cards and the dashboard both equal the call records plus these.
 */
export class CampaignStatAdjustment extends Table<CampaignStatAdjustment> {
  declare id: CreationOptional<number>;
  declare campaignId: number;
  declare actorUserId: number | null;
  declare totalCalls: number;
  declare successfulCalls: number;
  /** DECIMAL(12,2) as a string; may be negative. */
  declare totalCost: string;
  declare effectiveAt: Date;
  declare createdAt: CreationOptional<Date>;
}

CampaignStatAdjustment.init(
  {
    id: autoId(),
    campaignId: foreignKey(),
    actorUserId: DataTypes.INTEGER.UNSIGNED,
    totalCalls: required(DataTypes.INTEGER, 0),
    successfulCalls: required(DataTypes.INTEGER, 0),
    totalCost: required(DataTypes.DECIMAL(12, 2), '0.00'),
    effectiveAt: required(DataTypes.DATE(3)),
    createdAt: DataTypes.DATE(3),
  },
  { sequelize, tableName: 'campaign_stat_adjustments', updatedAt: false },
);
