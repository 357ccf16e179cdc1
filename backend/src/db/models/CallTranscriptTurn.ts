import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
} from 'sequelize';
import type { TranscriptTurn } from '@ringcast/shared-types';
import { sequelize } from '../sequelize';

/** One turn of a call's conversation; `seq` orders them and is unique per call. */
export class CallTranscriptTurn extends Model<
  InferAttributes<CallTranscriptTurn>,
  InferCreationAttributes<CallTranscriptTurn>
> {
  declare id: CreationOptional<number>;
  declare callRecordId: number;
  declare seq: number;
  declare speaker: TranscriptTurn['speaker'];
  declare text: string;
  declare offsetMs: number;
  declare interrupted: CreationOptional<boolean>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

CallTranscriptTurn.init(
  {
    id: { type: DataTypes.BIGINT.UNSIGNED, autoIncrement: true, primaryKey: true },
    callRecordId: { type: DataTypes.BIGINT.UNSIGNED, allowNull: false },
    seq: { type: DataTypes.SMALLINT.UNSIGNED, allowNull: false },
    speaker: { type: DataTypes.STRING(8), allowNull: false },
    text: { type: DataTypes.TEXT, allowNull: false },
    offsetMs: { type: DataTypes.INTEGER.UNSIGNED, allowNull: false },
    interrupted: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    createdAt: DataTypes.DATE(3),
    updatedAt: DataTypes.DATE(3),
  },
  { sequelize, tableName: 'call_transcript_turns' },
);
