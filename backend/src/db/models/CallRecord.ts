import { DataTypes, type CreationOptional } from 'sequelize';
import type {
  AnsweredBy,
  CallDirection,
  CallEndedBy,
  CallEndedReason,
  CallOutcome,
  AnalysisStatus,
  CallAnalysis,
  CallStatus,
  TransferStatus,
} from '@ringcast/shared-types';
import { sequelize } from '../sequelize';
import { Row, autoId, required, foreignKey, counter, flag, timestamps } from './common';

type Opt<T> = CreationOptional<T | null>;

export class CallRecord extends Row<CallRecord> {
  declare campaignId: number;
  /** The customer the call is made for; with toNumber it keeps a number in one live call at a time. */
  declare userId: number;
  declare prospectId: Opt<number>;
  declare attempt: CreationOptional<number>;
  declare direction: CreationOptional<CallDirection>;
  declare test: CreationOptional<boolean>;
  declare toNumber: string;
  declare fromNumber: Opt<string>;
  /** The Twilio account that placed the call: its token signs the callbacks. */
  declare accountSid: Opt<string>;
  declare status: CreationOptional<CallStatus>;
  declare answeredBy: Opt<AnsweredBy>;
  /** AMD's own answer (machine_end_beep, human, ...). */
  declare amdResult: Opt<string>;
  declare durationSeconds: CreationOptional<number>;
  declare billable: CreationOptional<boolean>;
  declare successful: CreationOptional<boolean>;
  declare cost: CreationOptional<string>;
  declare price: Opt<string>;
  declare outcome: Opt<CallOutcome>;
  declare summary: Opt<string>;
  declare endedBy: Opt<CallEndedBy>;
  declare endedReason: Opt<CallEndedReason>;
  declare providerCallSid: Opt<string>;
  declare sipResponseCode: Opt<number>;
  declare errorMessage: Opt<string>;
  declare dialedAt: Opt<Date>;
  declare startedAt: Opt<Date>;
  declare endedAt: Opt<Date>;
  declare lastEventAt: Opt<Date>;
  /** When the call was counted in the campaign's statistics: set once, in the same transaction. */
  declare settledAt: Opt<Date>;
  declare billingMonth: Opt<string>;
  /** When the call's relay session began: the agent was on the line, so the outcome decides success. */
  declare relayStartedAt: Opt<Date>;
  /** SessionDuration and HandoffData of the `<Connect action>` request that closed the relay. */
  declare relaySessionSeconds: Opt<number>;
  declare relayHandoff: Opt<string>;
  /** The relay session holding the call (claimed once, at its socket's upgrade): its own key. */
  declare relaySessionKey: Opt<string>;
  declare relaySessionClaimedAt: Opt<Date>;
  /** The version of the campaign's agent on the call: when made, then when the agent took it. */
  declare agentVersion: Opt<number>;
  /** When the dialer queued it, by the dialer's clock; null for test calls. */
  declare queuedAt: CreationOptional<Date | null>;
  /** The appointment the agent booked on this call (outcome `appointment_booked`). */
  declare appointmentId: Opt<number>;
  /** The time the callee asked to be called back (`call_back_later`), kept until the call settles. */
  declare callbackRequestedFor: Opt<Date>;
  /** What the person asked to pass on with their call back (record_outcome's note). */
  declare callbackNote: Opt<string>;
  /** The promised call back this call keeps: it spends none of the prospect's attempts. */
  declare callbackId: Opt<number>;
  /** The transfer the agent asked for (`transfer_call`): the destination's label and number. */
  declare transferDestination: Opt<string>;
  declare transferNumber: Opt<string>;
  /** Null while the destination rings; then how it went. */
  declare transferStatus: Opt<TransferStatus>;
  declare transferReason: Opt<string>;
  /** What the person who answered heard before being connected. */
  declare transferSummary: Opt<string>;
  declare transferRequestedAt: Opt<Date>;
  /** The transferred leg (Twilio's DialCallSid), its length and what Twilio charged for it. */
  declare transferLegSid: Opt<string>;
  declare transferLegSeconds: Opt<number>;
  declare transferLegPrice: Opt<string>;
  /** The call's recording at Twilio, while kept; `recordingDeletedAt` once removed (the sid stays). */
  declare recordingSid: Opt<string>;
  declare recordingSeconds: Opt<number>;
  declare recordingChannels: Opt<number>;
  declare recordingDeletedAt: Opt<Date>;
  /** What the model made of the conversation (post-call analysis), once analysed. */
  declare analysis: Opt<CallAnalysis>;
  declare analysisStatus: Opt<AnalysisStatus>;
  /** When the analysis ran (done or failed): set once, with the aggregates it fed. */
  declare analyzedAt: Opt<Date>;
  /** The conversation's quality figures (CallQuality), set with the analysis. */
  declare qualityTurns: Opt<number>;
  declare responseP50Ms: Opt<number>;
  declare responseP95Ms: Opt<number>;
  declare modelFirstTokenP50Ms: Opt<number>;
  declare calleeInterruptions: Opt<number>;
  declare agentInterruptions: Opt<number>;
  declare silences: Opt<number>;
}

CallRecord.init(
  {
    id: autoId('bigint'),
    campaignId: foreignKey(),
    userId: foreignKey(),
    prospectId: DataTypes.BIGINT.UNSIGNED,
    attempt: required(DataTypes.SMALLINT.UNSIGNED, 1),
    direction: required(DataTypes.STRING(8), 'outbound'),
    test: flag(),
    toNumber: required(DataTypes.STRING(20)),
    fromNumber: DataTypes.STRING(20),
    accountSid: DataTypes.STRING(64),
    status: required(DataTypes.STRING(16), 'queued'),
    answeredBy: DataTypes.STRING(16),
    amdResult: DataTypes.STRING(32),
    durationSeconds: counter(),
    billable: flag(),
    successful: flag(),
    cost: required(DataTypes.DECIMAL(10, 2), '0.00'),
    price: DataTypes.DECIMAL(10, 5),
    outcome: DataTypes.STRING(32),
    summary: DataTypes.TEXT,
    endedBy: DataTypes.STRING(8),
    endedReason: DataTypes.STRING(16),
    providerCallSid: DataTypes.STRING(64),
    sipResponseCode: DataTypes.SMALLINT.UNSIGNED,
    errorMessage: DataTypes.STRING(255),
    dialedAt: DataTypes.DATE(3),
    startedAt: DataTypes.DATE(3),
    endedAt: DataTypes.DATE(3),
    lastEventAt: DataTypes.DATE(3),
    settledAt: DataTypes.DATE(3),
    billingMonth: DataTypes.STRING(7),
    relayStartedAt: DataTypes.DATE(3),
    relaySessionSeconds: DataTypes.INTEGER.UNSIGNED,
    relayHandoff: DataTypes.STRING(255),
    relaySessionKey: DataTypes.CHAR(22),
    relaySessionClaimedAt: DataTypes.DATE(3),
    queuedAt: DataTypes.DATE(3),
    agentVersion: DataTypes.INTEGER.UNSIGNED,
    appointmentId: DataTypes.INTEGER.UNSIGNED,
    callbackRequestedFor: DataTypes.DATE(3),
    callbackNote: DataTypes.STRING(500),
    callbackId: DataTypes.INTEGER.UNSIGNED,
    transferDestination: DataTypes.STRING(40),
    transferNumber: DataTypes.STRING(20),
    transferStatus: DataTypes.STRING(16),
    transferReason: DataTypes.STRING(200),
    transferSummary: DataTypes.STRING(500),
    transferRequestedAt: DataTypes.DATE(3),
    transferLegSid: DataTypes.STRING(64),
    transferLegSeconds: DataTypes.INTEGER.UNSIGNED,
    transferLegPrice: DataTypes.DECIMAL(10, 5),
    recordingSid: DataTypes.STRING(64),
    recordingSeconds: DataTypes.INTEGER.UNSIGNED,
    recordingChannels: DataTypes.TINYINT.UNSIGNED,
    recordingDeletedAt: DataTypes.DATE(3),
    analysis: {
      type: DataTypes.TEXT,
      get(this: CallRecord) {
        const raw = this.getDataValue('analysis') as unknown as string | null;
        return raw ? (JSON.parse(raw) as CallAnalysis) : null;
      },
      set(this: CallRecord, value: CallAnalysis | null) {
        this.setDataValue('analysis', (value ? JSON.stringify(value) : null) as unknown as CallAnalysis);
      },
    },
    analysisStatus: DataTypes.STRING(8),
    analyzedAt: DataTypes.DATE(3),
    qualityTurns: DataTypes.SMALLINT.UNSIGNED,
    responseP50Ms: DataTypes.INTEGER.UNSIGNED,
    responseP95Ms: DataTypes.INTEGER.UNSIGNED,
    modelFirstTokenP50Ms: DataTypes.INTEGER.UNSIGNED,
    calleeInterruptions: DataTypes.SMALLINT.UNSIGNED,
    agentInterruptions: DataTypes.SMALLINT.UNSIGNED,
    silences: DataTypes.SMALLINT.UNSIGNED,
    ...timestamps(),
  },
  { sequelize, tableName: 'call_records' },
);
