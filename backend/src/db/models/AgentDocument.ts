import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
} from 'sequelize';
import { sequelize } from '../sequelize';

export class AgentDocument extends Model<
  InferAttributes<AgentDocument>,
  InferCreationAttributes<AgentDocument>
> {
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
    id: { type: DataTypes.INTEGER.UNSIGNED, autoIncrement: true, primaryKey: true },
    userId: { type: DataTypes.INTEGER.UNSIGNED, allowNull: false },
    campaignId: DataTypes.INTEGER.UNSIGNED,
    originalName: { type: DataTypes.STRING(255), allowNull: false },
    storedFileName: { type: DataTypes.STRING(255), allowNull: false },
    mimeType: DataTypes.STRING(128),
    sizeBytes: { type: DataTypes.INTEGER.UNSIGNED, allowNull: false },
    extractedText: DataTypes.TEXT('medium'),
    uploadedAt: DataTypes.DATE(3),
    updatedAt: DataTypes.DATE(3),
  },
  { sequelize, tableName: 'agent_documents', createdAt: 'uploadedAt' },
);
