import { DataTypes, type CreationOptional } from 'sequelize';
import type { CallbackStatus } from '@ringcast/shared-types';
import { sequelize } from '../sequelize';
import { Row, autoId, foreignKey, required, timestamps } from './common';

type Opt<T> = CreationOptional<T | null>;

/** A call back the agent promised: the dialer places it when due, unless the owner stops it. */
export class Callback extends Row<Callback> {
  declare userId: number;
  declare campaignId: number;
  declare prospectId: number;
  /**
   * The prospect's id while `scheduled`, NULL after: unique per campaign, so a prospect holds one
   * scheduled callback at a time and a settlement run twice writes no second one.
   */
  declare heldProspectId: Opt<number>;
  declare requestedOnCallId: Opt<number>;
  declare calledOnCallId: Opt<number>;
  /** The time the callee asked for, as the agent recorded it. */
  declare requestedFor: Date;
  /** When the dialer calls: the asked time moved inside the calling rules (callbackDueAt). */
  declare dueAt: Date;
  /** The prospect's IANA zone, the one the agent spoke the time in. */
  declare timeZone: Opt<string>;
  declare status: CreationOptional<CallbackStatus>;
}

Callback.init(
  {
    id: autoId(),
    userId: foreignKey(),
    campaignId: foreignKey(),
    prospectId: required(DataTypes.BIGINT.UNSIGNED),
    heldProspectId: DataTypes.BIGINT.UNSIGNED,
    requestedOnCallId: DataTypes.BIGINT.UNSIGNED,
    calledOnCallId: DataTypes.BIGINT.UNSIGNED,
    requestedFor: required(DataTypes.DATE(3)),
    dueAt: required(DataTypes.DATE(3)),
    timeZone: DataTypes.STRING(64),
    status: required(DataTypes.STRING(16), 'scheduled'),
    ...timestamps(),
  },
  { sequelize, tableName: 'callbacks' },
);
