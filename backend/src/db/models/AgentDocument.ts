import { DataTypes, type CreationOptional } from 'sequelize';
import { sequelize } from '../sequelize';
import { Table, autoId, required, foreignKey } from './common';

export class AgentDocument extends Table<AgentDocument> {
  declare id: CreationOptional<number>;
  declare userId: number;
  declare campaignId: CreationOptional<number | null>;
  declare originalName: string;
  declare storedFileName: string;
  declare mimeType: CreationOptional<string | null>;
  declare sizeBytes: number;
  /**
   * The document's text, read once at upload: null until read (documents kept before text was
   * read are read on first use), empty when it had none that could be read (the agent skips it).
   */
  declare extractedText: CreationOptional<string | null>;
  declare uploadedAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

AgentDocument.init(
  {
    id: autoId(),
    userId: foreignKey(),
    campaignId: DataTypes.INTEGER.UNSIGNED,
    originalName: required(DataTypes.STRING(255)),
    storedFileName: required(DataTypes.STRING(255)),
    mimeType: DataTypes.STRING(128),
    sizeBytes: required(DataTypes.INTEGER.UNSIGNED),
    extractedText: DataTypes.TEXT('medium'),
    uploadedAt: DataTypes.DATE(3),
    updatedAt: DataTypes.DATE(3),
  },
  { sequelize, tableName: 'agent_documents', createdAt: 'uploadedAt' },
);
