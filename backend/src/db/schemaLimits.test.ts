import { describe, expect, it } from 'vitest';
import { Schema, type AnyObjectSchema } from 'yup';
import type { ModelStatic, Model } from 'sequelize';
import * as sharedTypes from '@ringcast/shared-types';
import { agentToolArgumentSchemas } from '@ringcast/shared-types';
import {
  AgentDocument,
  Appointment,
  CallRecord,
  Campaign,
  CampaignAlertRecipient,
  ContactMessage,
  DoNotCallNumber,
  NotificationSetting,
  SupportTicket,
  TestNumber,
  User,
} from './models';

/** A TEXT column holds 65,535 bytes; utf8mb4 takes up to 4 bytes a character. */
const TEXT_BYTES = 65_535;
const TEXT_CHARS = Math.floor(TEXT_BYTES / 4);
/** JSON.stringify writes a control character as \u00XX: 6 bytes. */
const JSON_BYTES_PER_CHAR = 6;

type AnyModel = ModelStatic<Model>;

interface Target {
  model: AnyModel;
  /** A field stored under another name; a list of columns is a value split between them. */
  columns?: Record<string, string | string[]>;
  /** A list of texts stored as JSON in one TEXT column, each entry naming a row of another model's column. */
  jsonLists?: Record<string, { entry: [AnyModel, string] }>;
  /** Fields that never reach a column as sent, with why. */
  notStored?: Record<string, string>;
  /** Stored text fields bounded by something other than max() (a pattern, a list of values), with the bound. */
  boundedOtherwise?: Record<string, number>;
}

/**
 * Every request schema: where what it accepts is stored, or null with why nothing of it is. A new
 * schema must be added here, so no field reaches a column without its limit being compared.
 */
const TARGETS: Record<string, Target | null> = {
  registerSchema: {
    model: User,
    columns: { fullName: ['firstName', 'lastName'] },
    notStored: { password: 'hashed' },
  },
  registerFormSchema: {
    model: User,
    columns: { fullName: ['firstName', 'lastName'] },
    notStored: { password: 'hashed', confirmPassword: 'compared only' },
  },
  profileSchema: { model: User },
  adminUpdateUserSchema: { model: User },
  twilioSchema: {
    model: User,
    columns: { twilioAuthToken: 'twilioAuthTokenEncrypted' },
    // An account SID is "AC" and 32 hex digits.
    boundedOtherwise: { twilioAccountSid: 34 },
    notStored: { twilioPhoneNumber: 'stored as E.164' },
  },
  contactSchema: { model: ContactMessage },
  createSupportTicketSchema: { model: SupportTicket },
  updateSupportTicketSchema: { model: SupportTicket },
  createCampaignSchema: {
    model: Campaign,
    jsonLists: { agentDocuments: { entry: [AgentDocument, 'storedFileName'] } },
    notStored: { prospectListId: 'a reference', hasProvidedList: 'a flag', monthlyCallVolume: 'a number' },
    // "HH:MM" by its pattern; appointment hours by their shape (7 days, two times, a length, a zone).
    boundedOtherwise: { callingHoursStart: 5, callingHoursEnd: 5, appointmentHours: 200 },
  },
  updateCampaignSchema: {
    model: Campaign,
    jsonLists: { agentDocuments: { entry: [AgentDocument, 'storedFileName'] } },
    notStored: { prospectListId: 'a reference', hasProvidedList: 'a flag', monthlyCallVolume: 'a number' },
    // "HH:MM" by its pattern; appointment hours by their shape (7 days, two times, a length, a zone).
    boundedOtherwise: { callingHoursStart: 5, callingHoursEnd: 5, appointmentHours: 200 },
  },
  updateCampaignStatsSchema: { model: Campaign },
  updateSetupFlagSchema: { model: Campaign },
  'agentToolArgumentSchemas.add_to_do_not_call': { model: DoNotCallNumber },
  addDoNotCallSchema: { model: DoNotCallNumber, notStored: { phoneNumber: 'stored as E.164' } },
  createTestNumberSchema: { model: TestNumber, notStored: { phoneNumber: 'stored as E.164' } },
  // A call into a campaign's number: Twilio's fields become the inbound call's record.
  inboundCallSchema: {
    model: CallRecord,
    columns: { CallSid: 'providerCallSid', AccountSid: 'accountSid', To: 'toNumber', From: 'fromNumber' },
    // Sids by their pattern (two letters and 32 hex digits), `To` as E.164 (at most 16 characters).
    boundedOtherwise: { CallSid: 34, AccountSid: 34, To: 16 },
  },
  notificationSettingsSchema: { model: NotificationSetting },
  // Each address is a row of its own, its entries capped at MAX_TEXT, the email column's 255.
  alertRecipientsSchema: { model: CampaignAlertRecipient, notStored: { recipients: 'one row per address' } },
  // Read, looked up or sent on, never stored as sent.
  unsubscribeSchema: null,
  sandboxMailQuerySchema: null,
  inboundStatusSchema: null,
  loginSchema: null,
  // The email is looked up; the token and the password are stored only as hashes.
  forgotPasswordSchema: null,
  resetPasswordSchema: null,
  applyCouponSchema: null,
  createPaymentIntentSchema: null,
  activateCampaignSchema: null,
  testCampaignSchema: null,
  generateScriptSchema: null,
  scriptCampaignDataSchema: null,
  // Trying the agent stores nothing.
  playgroundSchema: null,
  'agentToolArgumentSchemas.record_outcome': null,
  // What the callee gave the agent for a booking; the time is read as a date.
  'agentToolArgumentSchemas.book_appointment': {
    model: Appointment,
    columns: { name: 'attendeeName', email: 'attendeeEmail', note: 'notes' },
    notStored: { startsAt: 'read as a date' },
  },
  // Availability is read, never stored.
  'agentToolArgumentSchemas.check_availability': null,
  // One JSON value of campaigns.appointmentHours, bounded by its shape (compared on the campaign schemas).
  appointmentHoursSchema: null,
  // One entry of campaigns.transferDestinations (JSON, at most five entries of bounded fields).
  transferDestinationSchema: null,
  // One entry of campaigns.analysisFields (JSON in TEXT, at most ten entries of bounded fields).
  analysisFieldSchema: null,
  // A range of days for the analytics: read, never stored.
  analyticsQuerySchema: null,
  adminQualityQuerySchema: null,
  // The agent's transfer: its label (the campaign's own is stored) and its reason, on the call.
  'agentToolArgumentSchemas.transfer_call': {
    model: CallRecord,
    columns: { destination: 'transferDestination', reason: 'transferReason' },
  },
  // Whether the recording downloads: read, never stored.
  recordingQuerySchema: null,
  // The Cal.com key is checked with Cal.com and stored only sealed; the event type is a number.
  calcomEventTypesSchema: null,
  calcomConnectSchema: null,
  appointmentQuerySchema: null,
  callbackQuerySchema: null,
  'agentToolArgumentSchemas.end_call': null,
  // Its outcome is one of the known ones; the HandoffData string itself is stored cut to its column.
  relayHandoffSchema: null,
  adminListQuerySchema: null,
  auditLogQuerySchema: null,
  callListQuerySchema: null,
  callActivityQuerySchema: null,
  dashboardQuerySchema: null,
  campaignProspectQuerySchema: null,
  doNotCallQuerySchema: null,
  adminDownloadQuerySchema: null,
  // Billing: the volume is one of the volume choices; the rest goes to Stripe or is looked up.
  campaignPlanSchema: { model: Campaign, notStored: { monthlyCallVolume: 'one of the volume choices' } },
  billingPaymentMethodSchema: null,
  billingClockSchema: null,
  adminInvoiceQuerySchema: null,
};

interface FieldDescription {
  type: string;
  tests: { name?: string; params?: Record<string, unknown> }[];
  oneOf: unknown[];
  innerType?: FieldDescription;
}

const maxOf = (field: FieldDescription) =>
  field.tests.find((test) => test.name === 'max')?.params?.max as number | undefined;

/** The most characters (for text) or the largest value (for numbers) a column holds. */
function columnLimit(model: AnyModel, column: string): { kind: 'text' | 'number'; limit: number } | null {
  const attribute = model.getAttributes()[column];
  if (!attribute) return null;
  const type = attribute.type as unknown as {
    key: string;
    options?: { length?: number; unsigned?: boolean; precision?: number; scale?: number };
  };
  const options = type.options ?? {};
  switch (type.key) {
    case 'STRING':
    case 'CHAR':
      return { kind: 'text', limit: options.length ?? 255 };
    case 'TEXT':
      return { kind: 'text', limit: TEXT_CHARS };
    case 'SMALLINT':
      return { kind: 'number', limit: options.unsigned ? 65_535 : 32_767 };
    case 'INTEGER':
      return { kind: 'number', limit: options.unsigned ? 4_294_967_295 : 2_147_483_647 };
    case 'DECIMAL':
      return { kind: 'number', limit: 10 ** ((options.precision ?? 10) - (options.scale ?? 0)) - 0.1 };
    default:
      return { kind: 'number', limit: Number.MAX_SAFE_INTEGER };
  }
}

function allSchemas(): [string, AnyObjectSchema][] {
  const found: [string, AnyObjectSchema][] = [];
  for (const [name, value] of Object.entries(sharedTypes))
    if (value instanceof Schema && value.type === 'object') found.push([name, value as AnyObjectSchema]);
  for (const [tool, schema] of Object.entries(agentToolArgumentSchemas))
    found.push([`agentToolArgumentSchemas.${tool}`, schema as AnyObjectSchema]);
  return found;
}

/** What is wrong with one stored field: it may accept more than its column holds. */
function problemsOf(schemaName: string, target: Target, field: string, description: FieldDescription) {
  const problems: string[] = [];
  const where = `${schemaName}.${field}`;
  if (target.notStored?.[field]) return problems;
  if (description.type === 'boolean' || description.type === 'mixed') return problems;
  const jsonList = target.jsonLists?.[field];
  if (jsonList) {
    const items = maxOf(description);
    const entryMax = description.innerType && maxOf(description.innerType);
    const [entryModel, entryColumn] = jsonList.entry;
    const entryLimit = columnLimit(entryModel, entryColumn)!.limit;
    if (items === undefined || entryMax === undefined)
      problems.push(`${where}: a list needs a maximum of entries and of each entry's length`);
    else {
      if (entryMax > entryLimit)
        problems.push(`${where}: entries up to ${entryMax} characters, ${entryColumn} holds ${entryLimit}`);
      // Each entry quoted and comma-separated inside [ ].
      const jsonBytes = 2 + items * (entryMax * JSON_BYTES_PER_CHAR + 3);
      if (jsonBytes > TEXT_BYTES)
        problems.push(`${where}: up to ${jsonBytes} bytes of JSON, the column holds ${TEXT_BYTES}`);
    }
    return problems;
  }
  const mapped = target.columns?.[field] ?? field;
  const columns = Array.isArray(mapped) ? mapped : [mapped];
  for (const column of columns) {
    const limit = columnLimit(target.model, column);
    if (!limit) {
      problems.push(`${where}: no column ${target.model.name}.${column}`);
      continue;
    }
    const longestChoice = description.oneOf.reduce<number>(
      (longest, choice) => Math.max(longest, typeof choice === 'string' ? choice.length : 0),
      0,
    );
    const max =
      limit.kind === 'text'
        ? (maxOf(description) ?? target.boundedOtherwise?.[field] ?? (longestChoice || undefined))
        : maxOf(description);
    if (max === undefined) {
      if (limit.kind === 'text' || description.type === 'number')
        problems.push(`${where}: no maximum, ${target.model.name}.${column} holds ${limit.limit}`);
      continue;
    }
    // A value split between columns (a full name) is checked part by part below.
    if (columns.length > 1) continue;
    if (max > limit.limit)
      problems.push(`${where}: accepts ${max}, ${target.model.name}.${column} holds ${limit.limit}`);
  }
  return problems;
}

describe('request schemas against their columns', () => {
  it('knows where every request schema is stored', () => {
    const unknown = allSchemas()
      .map(([name]) => name)
      .filter((name) => !(name in TARGETS));
    expect(unknown).toEqual([]);
  });

  it('never accepts more than the column holds', () => {
    const problems: string[] = [];
    for (const [name, schema] of allSchemas()) {
      const target = TARGETS[name];
      if (!target) continue;
      const fields = (schema.describe() as unknown as { fields: Record<string, FieldDescription> }).fields;
      for (const [field, description] of Object.entries(fields))
        problems.push(...problemsOf(name, target, field, description));
    }
    expect(problems).toEqual([]);
  });

  it('refuses a full name whose first or last part is longer than its column, with the field message', () => {
    const long = 'L'.repeat(101);
    for (const schema of [sharedTypes.registerSchema]) {
      for (const fullName of [`${long} Lovelace`, `Ada ${long}`, `Ada King ${'L'.repeat(96)}`]) {
        const result = (() => {
          try {
            schema.validateSync({ fullName, email: 'ada@example.com', password: 'secret1' });
            return 'accepted';
          } catch (err) {
            return (err as Error).message;
          }
        })();
        expect(result, fullName).toBe('First and last name must each be at most 100 characters');
      }
    }
  });
});
