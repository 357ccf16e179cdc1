import { DataTypes } from 'sequelize';
import { sequelize } from '../sequelize';
import { Row, foreignKey, required, timestamps } from './common';

/** An address besides the owner's that the campaign's lead alerts go to (at most 5 a campaign). */
export class CampaignAlertRecipient extends Row<CampaignAlertRecipient> {
  declare campaignId: number;
  /** Lower-cased; once per campaign. */
  declare email: string;
}

CampaignAlertRecipient.init(
  {
    id: { type: DataTypes.INTEGER.UNSIGNED, autoIncrement: true, primaryKey: true },
    campaignId: foreignKey(),
    email: required(DataTypes.STRING(255)),
    ...timestamps(),
  },
  { sequelize, tableName: 'campaign_alert_recipients' },
);
