import { DataTypes, type CreationOptional } from 'sequelize';
import {
  normalizedAnalysisFields,
  type AnalysisField,
  type AppointmentHours,
  type VoicemailAction,
  type CampaignStatus,
  type CampaignType,
  type TransferDestination,
} from '@ringcast/shared-types';
import { sequelize } from '../sequelize';
import { Row, autoId, required, foreignKey, counter, flag, timestamps } from './common';

type Opt<T> = CreationOptional<T | null>;

export class Campaign extends Row<Campaign> {
  declare userId: number;
  declare name: string;
  declare type: CampaignType;
  declare customType: Opt<string>;
  declare status: CreationOptional<CampaignStatus>;
  declare goal: Opt<string>;
  declare audienceIndustry: Opt<string>;
  declare audienceAgeRange: Opt<string>;
  declare audienceOther: Opt<string>;
  declare hasProvidedList: Opt<boolean>;
  declare listCost: CreationOptional<string>;
  declare prospectListFile: Opt<string>;
  declare prospectListId: Opt<number>;
  declare prospectsAreCurrentClients: CreationOptional<boolean>;
  declare prospectsOptedIn: CreationOptional<boolean>;
  declare aiAgentName: Opt<string>;
  declare aiAgentVoice: Opt<string>;
  declare aiAgentTone: Opt<string>;
  declare scriptAnswering: Opt<string>;
  declare scriptRebuttals: Opt<string>;
  declare scriptQuestions: Opt<string>;
  declare scriptAfterAnswers: Opt<string>;
  declare scriptNotInterested: Opt<string>;
  declare scriptOther: Opt<string>;
  declare scriptVoicemail: Opt<string>;
  declare agentDocuments: CreationOptional<string[]>;
  declare monthlyCallVolume: Opt<number>;
  declare useProvidedNumber: CreationOptional<boolean>;
  declare providedNumberAreaCode: Opt<string>;
  declare companyWebsites: Opt<string>;
  declare totalCalls: CreationOptional<number>;
  declare successfulCalls: CreationOptional<number>;
  /** DECIMAL(12,2); mysql2 returns it as a string, which is the API's shape too. */
  declare totalCost: CreationOptional<string>;
  declare statisticsLastUpdated: Opt<Date>;
  declare maxConcurrentCalls: CreationOptional<number>;
  declare voicemailAction: CreationOptional<VoicemailAction>;
  declare callingHoursStart: CreationOptional<string | null>;
  declare callingHoursEnd: CreationOptional<string | null>;
  declare callingDays: CreationOptional<string | null>;
  declare maxAttempts: CreationOptional<number>;
  declare retryDelayMinutes: CreationOptional<number>;
  declare providedPhoneNumber: Opt<string>;
  declare providedPhoneNumberSid: Opt<string>;
  /** The list whose prospects were copied into campaign_prospects. */
  declare seededProspectListId: Opt<number>;
  /** Prospects with something left to do: kept with each change, so no count runs over the list. */
  declare prospectsRemaining: CreationOptional<number>;
  /** Of the calls counted: answered by a person, and by a machine. */
  declare personCalls: CreationOptional<number>;
  declare voicemailCalls: CreationOptional<number>;
  /** Of the calls counted: those someone rang into the campaign's number. */
  declare receivedCalls: CreationOptional<number>;
  /** The version of the agent it calls with now (campaign_agent_versions): 1 until the first edit. */
  declare agentVersion: CreationOptional<number>;
  /** Who ticked a step-2 attestation box on an uploaded list, when, and from which address. */
  declare listAttestedByUserId: Opt<number>;
  declare listAttestedAt: Opt<Date>;
  declare listAttestedFrom: Opt<string>;
  declare setupAiAgentConfigured: CreationOptional<boolean>;
  declare setupScriptsReviewed: CreationOptional<boolean>;
  declare setupProspectListProcessed: CreationOptional<boolean>;
  declare setupPhoneNumberConfigured: CreationOptional<boolean>;
  declare setupTwilioConfigured: CreationOptional<boolean>;
  declare setupComplianceVerified: CreationOptional<boolean>;
  declare setupPaymentProcessed: CreationOptional<boolean>;
  declare setupTestingCompleted: CreationOptional<boolean>;
  /** The campaign's Stripe subscription (sub_...), once checkout has created it. */
  declare stripeSubscriptionId: Opt<string>;
  /** The billing period paid for now, as Stripe has it: the dialer's monthly count follows it. */
  declare currentPeriodStart: Opt<Date>;
  declare currentPeriodEnd: Opt<Date>;
  /** Cancelled by the owner: it keeps dialing until currentPeriodEnd, then becomes canceled. */
  declare cancelAtPeriodEnd: CreationOptional<boolean>;
  /** "Keep calling past the package": calls past it are metered and billed on the next invoice. */
  declare overage: CreationOptional<boolean>;
  declare canceledAt: Opt<Date>;
  /** Where a past_due campaign returns once an invoice is paid (active or paused). */
  declare statusBeforePastDue: Opt<'active' | 'paused'>;
  /** A smaller volume chosen this period: it takes effect when the next period starts. */
  declare pendingMonthlyCallVolume: Opt<number>;
  /** When appointments may be booked; null until set (the defaults in the owner's zone apply). */
  declare appointmentHours: Opt<AppointmentHours>;
  /** Whom the agent may transfer to; null or empty: the owner's profile number (transferDestinationsOf). */
  declare transferDestinations: Opt<TransferDestination[]>;
  declare recordCalls: CreationOptional<boolean>;
  /** Days a recording is kept; null: until deleted. */
  declare recordingRetentionDays: Opt<number>;
  /** What to extract from every answered conversation; null or empty: none. */
  declare analysisFields: Opt<AnalysisField[]>;
}

Campaign.init(
  {
    id: autoId(),
    userId: foreignKey(),
    name: required(DataTypes.STRING(200)),
    type: required(DataTypes.STRING(32)),
    customType: DataTypes.STRING(255),
    status: required(DataTypes.STRING(16), 'draft'),
    goal: DataTypes.TEXT,
    audienceIndustry: DataTypes.STRING(64),
    audienceAgeRange: DataTypes.STRING(16),
    audienceOther: DataTypes.STRING(255),
    hasProvidedList: DataTypes.BOOLEAN,
    listCost: required(DataTypes.STRING(10), '0'),
    prospectListFile: DataTypes.STRING(255),
    prospectListId: DataTypes.INTEGER.UNSIGNED,
    prospectsAreCurrentClients: flag(),
    prospectsOptedIn: flag(),
    aiAgentName: DataTypes.STRING(100),
    aiAgentVoice: DataTypes.STRING(16),
    aiAgentTone: DataTypes.STRING(255),
    scriptAnswering: DataTypes.TEXT,
    scriptRebuttals: DataTypes.TEXT,
    scriptQuestions: DataTypes.TEXT,
    scriptAfterAnswers: DataTypes.TEXT,
    scriptNotInterested: DataTypes.TEXT,
    scriptOther: DataTypes.TEXT,
    scriptVoicemail: DataTypes.TEXT,
    // A JSON list kept in TEXT: MariaDB's JSON type comes back as a string through mysql2 anyway.
    agentDocuments: {
      type: DataTypes.TEXT,
      get(this: Campaign) {
        const raw = this.getDataValue('agentDocuments') as unknown as string | null;
        return raw ? (JSON.parse(raw) as string[]) : [];
      },
      set(this: Campaign, value: string[] | null) {
        this.setDataValue('agentDocuments', JSON.stringify(value ?? []) as unknown as string[]);
      },
    },
    monthlyCallVolume: DataTypes.INTEGER.UNSIGNED,
    useProvidedNumber: flag(),
    providedNumberAreaCode: DataTypes.STRING(8),
    companyWebsites: DataTypes.TEXT,
    totalCalls: counter(),
    successfulCalls: counter(),
    totalCost: required(DataTypes.DECIMAL(12, 2), '0.00'),
    statisticsLastUpdated: DataTypes.DATE(3),
    maxConcurrentCalls: required(DataTypes.SMALLINT.UNSIGNED, 2),
    voicemailAction: required(DataTypes.STRING(16), 'leave_message'),
    callingHoursStart: DataTypes.CHAR(5),
    callingHoursEnd: DataTypes.CHAR(5),
    callingDays: DataTypes.STRING(27),
    maxAttempts: required(DataTypes.TINYINT.UNSIGNED, 3),
    retryDelayMinutes: required(DataTypes.SMALLINT.UNSIGNED, 240),
    providedPhoneNumber: DataTypes.STRING(20),
    providedPhoneNumberSid: DataTypes.STRING(64),
    seededProspectListId: DataTypes.INTEGER.UNSIGNED,
    prospectsRemaining: counter(),
    personCalls: counter(),
    voicemailCalls: counter(),
    receivedCalls: counter(),
    agentVersion: required(DataTypes.INTEGER.UNSIGNED, 1),
    listAttestedByUserId: DataTypes.INTEGER.UNSIGNED,
    listAttestedAt: DataTypes.DATE(3),
    listAttestedFrom: DataTypes.STRING(64),
    setupAiAgentConfigured: flag(),
    setupScriptsReviewed: flag(),
    setupProspectListProcessed: flag(),
    setupPhoneNumberConfigured: flag(),
    setupTwilioConfigured: flag(),
    setupComplianceVerified: flag(),
    setupPaymentProcessed: flag(),
    setupTestingCompleted: flag(),
    stripeSubscriptionId: DataTypes.STRING(64),
    currentPeriodStart: DataTypes.DATE(3),
    currentPeriodEnd: DataTypes.DATE(3),
    cancelAtPeriodEnd: flag(),
    overage: flag(),
    canceledAt: DataTypes.DATE(3),
    statusBeforePastDue: DataTypes.STRING(16),
    pendingMonthlyCallVolume: DataTypes.INTEGER,
    // JSON kept in TEXT, as agentDocuments is.
    appointmentHours: {
      type: DataTypes.TEXT,
      get(this: Campaign) {
        const raw = this.getDataValue('appointmentHours') as unknown as string | null;
        return raw ? (JSON.parse(raw) as AppointmentHours) : null;
      },
      set(this: Campaign, value: AppointmentHours | null) {
        this.setDataValue(
          'appointmentHours',
          (value ? JSON.stringify(value) : null) as unknown as AppointmentHours,
        );
      },
    },
    transferDestinations: {
      type: DataTypes.TEXT,
      get(this: Campaign) {
        const raw = this.getDataValue('transferDestinations') as unknown as string | null;
        return raw ? (JSON.parse(raw) as TransferDestination[]) : null;
      },
      set(this: Campaign, value: TransferDestination[] | null) {
        this.setDataValue(
          'transferDestinations',
          (value?.length ? JSON.stringify(value) : null) as unknown as TransferDestination[],
        );
      },
    },
    recordCalls: flag(),
    recordingRetentionDays: { type: DataTypes.SMALLINT.UNSIGNED, allowNull: true, defaultValue: 90 },
    analysisFields: {
      type: DataTypes.TEXT,
      get(this: Campaign) {
        const raw = this.getDataValue('analysisFields') as unknown as string | null;
        return raw ? (JSON.parse(raw) as AnalysisField[]) : null;
      },
      // Stored with each field's key (from its name) whatever the request said.
      set(this: Campaign, value: AnalysisField[] | null) {
        this.setDataValue(
          'analysisFields',
          (value?.length
            ? JSON.stringify(normalizedAnalysisFields(value))
            : null) as unknown as AnalysisField[],
        );
      },
    },
    ...timestamps(),
  },
  { sequelize, tableName: 'campaigns' },
);
