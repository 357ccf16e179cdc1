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
  /** An agent's reply: ms from the callee's final words to our first words out. */
  declare responseMs: CreationOptional<number | null>;
  /** An agent's reply: ms from our request to the model to its first token. */
  declare modelFirstTokenMs: CreationOptional<number | null>;
  /** An agent's reply started while the callee had begun speaking again. */
  declare talkedOver: CreationOptional<boolean>;
  /** The gap before this turn, when over SILENCE_GAP_MS. */
  declare silenceBeforeMs: CreationOptional<number | null>;
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
    responseMs: DataTypes.INTEGER.UNSIGNED,
    modelFirstTokenMs: DataTypes.INTEGER.UNSIGNED,
    talkedOver: flag(),
    silenceBeforeMs: DataTypes.INTEGER.UNSIGNED,
    ...timestamps(),
  },
  { sequelize, tableName: 'call_transcript_turns' },
);
