import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
} from 'sequelize';
import { sequelize } from '../sequelize';

/**
 * An admin's correction of a campaign's statistics, kept as the difference it made and the date it
 * counts for, so the cards and the dashboard both equal the call records plus these.
 */
export class CampaignStatAdjustment extends Model<
  InferAttributes<CampaignStatAdjustment>,
  InferCreationAttributes<CampaignStatAdjustment>
> {
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
    id: { type: DataTypes.INTEGER.UNSIGNED, autoIncrement: true, primaryKey: true },
    campaignId: { type: DataTypes.INTEGER.UNSIGNED, allowNull: false },
    actorUserId: DataTypes.INTEGER.UNSIGNED,
    totalCalls: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    successfulCalls: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    totalCost: { type: DataTypes.DECIMAL(12, 2), allowNull: false, defaultValue: '0.00' },
    effectiveAt: { type: DataTypes.DATE(3), allowNull: false },
    createdAt: DataTypes.DATE(3),
  },
  { sequelize, tableName: 'campaign_stat_adjustments', updatedAt: false },
);
