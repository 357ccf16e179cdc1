import { DataTypes, type CreationOptional } from 'sequelize';
import type { AgentField, AgentSnapshot } from '@ringcast/shared-types';
import { sequelize } from '../sequelize';
import { Table, autoId, foreignKey, required } from './common';

/** JSON kept in TEXT, read back as the value (MariaDB's JSON type comes back as a string anyway). */
const jsonText = <T>(column: 'snapshot' | 'changedFields', empty: T) => ({
  type: DataTypes.TEXT,
  allowNull: false,
  get(this: CampaignAgentVersion) {
    const raw = this.getDataValue(column) as unknown as string | null;
    return raw ? (JSON.parse(raw) as T) : empty;
  },
  set(this: CampaignAgentVersion, value: T) {
    this.setDataValue(column, JSON.stringify(value) as never);
  },
});

/**
 * One version of a launched campaign's agent (DESIGN decision 10): the agent's fields as they were
 * saved, numbered per campaign from 1 (the agent at launch). Never changed once written.
 */
export class CampaignAgentVersion extends Table<CampaignAgentVersion> {
  declare id: CreationOptional<number>;
  declare campaignId: number;
  declare version: number;
  declare snapshot: AgentSnapshot;
  /** What it changed from the version before it; empty for version 1. */
  declare changedFields: AgentField[];
  /** Who saved it; null for the agent as launched. */
  declare changedByUserId: number | null;
  /** The version a restore copied. */
  declare restoredFrom: number | null;
  declare createdAt: CreationOptional<Date>;
}

CampaignAgentVersion.init(
  {
    id: autoId(),
    campaignId: foreignKey(),
    version: required(DataTypes.INTEGER.UNSIGNED),
    snapshot: jsonText<AgentSnapshot>('snapshot', {} as AgentSnapshot),
    changedFields: jsonText<AgentField[]>('changedFields', []),
    changedByUserId: DataTypes.INTEGER.UNSIGNED,
    restoredFrom: DataTypes.INTEGER.UNSIGNED,
    createdAt: DataTypes.DATE(3),
  },
  { sequelize, tableName: 'campaign_agent_versions', updatedAt: false },
);
