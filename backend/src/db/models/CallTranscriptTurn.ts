import { DataTypes, type CreationOptional } from 'sequelize';
import type { TranscriptTurn } from '@ringcast/shared-types';
import { sequelize } from '../sequelize';
import { Row, autoId, required, flag, timestamps } from './common';

/** One turn of a call's conversation; `seq` orders them and is unique per call. */
export class CallTranscriptTurn extends Row<CallTranscriptTurn> {
  declare callRecordId: number;
  declare seq: number;
  declare speaker: TranscriptTurn['speaker'];
  declare text: string;
  declare offsetMs: number;
  declare interrupted: CreationOptional<boolean>;
}

CallTranscriptTurn.init(
  {
    id: autoId('bigint'),
    callRecordId: required(DataTypes.BIGINT.UNSIGNED),
    seq: required(DataTypes.SMALLINT.UNSIGNED),
    speaker: required(DataTypes.STRING(8)),
    text: required(DataTypes.TEXT),
    offsetMs: required(DataTypes.INTEGER.UNSIGNED),
    interrupted: flag(),
    ...timestamps(),
  },
  { sequelize, tableName: 'call_transcript_turns' },
);
