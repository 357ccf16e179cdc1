import { boolean, mixed, number, object, string, type InferType } from 'yup';
import { CAMPAIGN_TYPES } from '../domain/campaign';
import { VOICEMAIL_ACTIONS } from '../domain/call';
import { AGE_RANGES, AREA_CODES, INDUSTRY_VALUES, TONES, VOICES } from '../domain/campaignOptions';
import { prospectListCents, VOLUME_CHOICES } from '../logic/pricing';
import { appointmentHoursSchema } from './appointments';
import { transferDestinationsSchema } from './transfers';
import { analysisFieldsSchema } from './analysis';
import { RECORDING_RETENTION_DAYS } from '../domain/recording';
import { callingHoursProblem, isClockTime, parseCallingDays } from '../logic/callingWindow';
import { MAX_ATTEMPTS, RETRY_DELAY_MINUTES } from '../logic/nextCallDecision';
import { WEEKDAYS } from '../logic/zonedTime';
import { trimmedText } from './fields';
import { agentDocumentNames } from './agentDocuments';
import { MAX_CONCURRENT_CALLS_LIMIT } from './calls';

export const CAMPAIGN_NOT_FOUND = 'Campaign not found';
export const CUSTOM_GOAL_REQUIRED = 'Describe your custom campaign goal';
export const AREA_CODE_REQUIRED = 'Please select an area code';
export const MAX_CONCURRENT_CALLS_MESSAGE = `Calls at once must be between 1 and ${MAX_CONCURRENT_CALLS_LIMIT}`;

const optionalText = (max: number, label: string) =>
  trimmedText().max(max, `${label} must be at most ${max} characters`).nullable();

const oneOfOrNull = <T extends string>(values: readonly T[], message: string) =>
  string()
    .nullable()
    .oneOf([...values, null], message);

/** "friendly, professional" -> valid when every entry is a known tone. */
const toneList = trimmedText()
  .nullable()
  .max(255, 'Tones must be at most 255 characters')
  .test('tones', `Tones must be among: ${TONES.join(', ')}`, (value) =>
    !value ? true : value.split(',').every((tone) => (TONES as readonly string[]).includes(tone.trim())),
  );

/**
 * Every draft field the wizard sends; all optional so a draft can be saved and edited in parts.
 * No defaults here: a missing field takes the column's default on create and stays as it is on
 * update.
 */
const draftFields = {
  goal: optionalText(5000, 'Goal'),
  audienceIndustry: oneOfOrNull(INDUSTRY_VALUES, 'Choose an industry from the list'),
  audienceAgeRange: oneOfOrNull(AGE_RANGES, 'Choose an age range from the list'),
  audienceOther: optionalText(255, 'Other audience details'),
  hasProvidedList: boolean().typeError('hasProvidedList must be true or false').nullable(),
  prospectListFile: optionalText(255, 'Prospect list file name'),
  prospectListId: number().integer().positive().typeError('prospectListId must be a number').nullable(),
  prospectsAreCurrentClients: boolean().typeError('prospectsAreCurrentClients must be true or false'),
  prospectsOptedIn: boolean().typeError('prospectsOptedIn must be true or false'),
  aiAgentName: optionalText(100, 'Agent name'),
  aiAgentVoice: oneOfOrNull(VOICES, 'Voice must be female or male'),
  aiAgentTone: toneList,
  scriptAnswering: optionalText(10000, 'Answering script'),
  scriptRebuttals: optionalText(10000, 'Rebuttals script'),
  scriptQuestions: optionalText(10000, 'Questions script'),
  scriptAfterAnswers: optionalText(10000, 'After-answers script'),
  scriptNotInterested: optionalText(10000, 'Not-interested script'),
  scriptOther: optionalText(10000, 'Additional instructions'),
  scriptVoicemail: optionalText(10000, 'Voicemail script'),
  agentDocuments: agentDocumentNames(),
  monthlyCallVolume: number()
    .typeError('monthlyCallVolume must be a number')
    .nullable()
    .oneOf([...VOLUME_CHOICES, null], `Monthly call volume must be one of ${VOLUME_CHOICES.join(', ')}`),
  useProvidedNumber: boolean().typeError('useProvidedNumber must be true or false'),
  providedNumberAreaCode: oneOfOrNull(
    AREA_CODES.map((a) => a.code),
    'Choose an area code from the list',
  ).when('useProvidedNumber', {
    is: true,
    then: (s) => s.required(AREA_CODE_REQUIRED),
  }),
  companyWebsites: optionalText(5000, 'Company websites'),
};

/** Settings the owner may change at any time, draft or paid. */
export const campaignSettingsFields = {
  maxConcurrentCalls: number()
    .typeError('Calls at once must be a number')
    .integer('Calls at once must be a whole number')
    .min(1, MAX_CONCURRENT_CALLS_MESSAGE)
    .max(MAX_CONCURRENT_CALLS_LIMIT, MAX_CONCURRENT_CALLS_MESSAGE),
  voicemailAction: string().oneOf(
    [...VOICEMAIL_ACTIONS],
    'Voicemail action must be leave_message or hang_up',
  ),
  /** 'HH:MM' in each prospect's local time; null with callingHoursEnd: the whole legal window. */
  callingHoursStart: string()
    .nullable()
    .test('clock', 'Calling hours are times such as 09:00.', (value) => !value || isClockTime(value)),
  callingHoursEnd: string()
    .nullable()
    .test('clock', 'Calling hours are times such as 17:00.', (value) => !value || isClockTime(value)),
  /** 'mon,tue,wed,thu,fri'; null: every day. */
  callingDays: string()
    .nullable()
    .max(
      WEEKDAYS.join(',').length,
      `Calling days are among ${WEEKDAYS.join(', ')}, separated by commas, at least one.`,
    )
    .test(
      'days',
      `Calling days are among ${WEEKDAYS.join(', ')}, separated by commas, at least one.`,
      (value) =>
        value === null ||
        value === undefined ||
        (value.split(',').length === parseCallingDays(value).length && parseCallingDays(value).length > 0),
    ),
  maxAttempts: number()
    .typeError('Attempts must be a number')
    .integer('Attempts must be a whole number')
    .min(MAX_ATTEMPTS.min, `Attempts must be between ${MAX_ATTEMPTS.min} and ${MAX_ATTEMPTS.max}`)
    .max(MAX_ATTEMPTS.max, `Attempts must be between ${MAX_ATTEMPTS.min} and ${MAX_ATTEMPTS.max}`),
  retryDelayMinutes: number()
    .typeError('The time between attempts must be a number of minutes')
    .integer('The time between attempts must be a whole number of minutes')
    .min(RETRY_DELAY_MINUTES.min, `Attempts must be at least ${RETRY_DELAY_MINUTES.min} minutes apart`)
    .max(10080, 'Attempts must be at most a week apart'),
  /** Booking campaigns: when appointments may be booked (in the business's zone). */
  appointmentHours: appointmentHoursSchema.default(undefined).optional(),
  /** Whom the agent may transfer to; empty: the owner's profile number. */
  transferDestinations: transferDestinationsSchema.default(undefined).optional(),
  recordCalls: boolean().typeError('recordCalls must be true or false'),
  recordingRetentionDays: mixed<number>()
    .nullable()
    .oneOf([...RECORDING_RETENTION_DAYS], 'Keep recordings for 30, 90 or 365 days, or until deleted'),
  /** What to extract from each answered conversation; the server gives each its key. */
  analysisFields: analysisFieldsSchema.default(undefined).optional(),
};

/**
 * The calling hours a campaign will have once these fields apply over what it has: both times or
 * neither, inside the legal window. Null when they are fine. The server checks it again over the
 * stored values, since a PUT may send one time alone.
 */
export function campaignCallingHoursProblem(fields: {
  callingHoursStart?: string | null;
  callingHoursEnd?: string | null;
  callingDays?: string | null;
}): string | null {
  const { callingHoursStart: start, callingHoursEnd: end, callingDays } = fields;
  if (!start && !end) return null;
  if (!start || !end) return 'Give both a start and an end for the calling hours.';
  return callingHoursProblem({ start, end, days: callingDays ? parseCallingDays(callingDays) : WEEKDAYS });
}
export const CAMPAIGN_SETTINGS_FIELDS = Object.keys(
  campaignSettingsFields,
) as (keyof typeof campaignSettingsFields)[];

const name = trimmedText()
  .required('Campaign name is required')
  .max(200, 'Campaign name must be at most 200 characters');
const type = string()
  .required('Choose a campaign type')
  .oneOf([...CAMPAIGN_TYPES], 'Choose a campaign type from the list');
const customType = trimmedText()
  .nullable()

  .max(255, 'Custom goal must be at most 255 characters')
  .when('type', {
    is: 'other',
    then: (s) => s.required(CUSTOM_GOAL_REQUIRED),
  });

/**
 * POST /api/campaigns: a new draft. Only name and type are required (plus the custom goal for
 * type other); everything else is checked when present. listCost is derived by the server from
 * hasProvidedList, and status is always draft.
 */
export const createCampaignSchema = object({
  name,
  type,
  customType,
  status: mixed().oneOf(['draft', undefined], 'A new campaign is always a draft'),
  ...draftFields,
  ...campaignSettingsFields,
}).test('calling-hours', (value, context) => {
  const problem = value ? campaignCallingHoursProblem(value) : null;
  return problem ? context.createError({ path: 'callingHoursStart', message: problem }) : true;
});
export type CreateCampaignInput = InferType<typeof createCampaignSchema>;

/**
 * PUT /api/campaigns/:id, as the owner: either a status move (active <-> paused, once paid) or
 * draft fields while the campaign is a draft. Which is allowed is the service's decision.
 */
export const updateCampaignSchema = object({
  name: name.optional(),
  type: string()
    .oneOf([...CAMPAIGN_TYPES], 'Choose a campaign type from the list')
    .optional(),
  customType: trimmedText().nullable().max(255, 'Custom goal must be at most 255 characters').optional(),
  status: string().oneOf(['active', 'paused'], 'Status can only be set to active or paused').optional(),
  ...draftFields,
  ...campaignSettingsFields,
});
export type UpdateCampaignInput = InferType<typeof updateCampaignSchema>;

/** The campaign's `listCost` column: whole dollars as text, '250' for a bought list, '0' for the user's own. */
export const listCostFor = (hasProvidedList: boolean | null | undefined) =>
  String(prospectListCents(hasProvidedList) / 100);
