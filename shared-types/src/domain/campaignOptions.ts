/** The wizard's choices (spec §3 enumerations). Values are what the API stores. */

export const INDUSTRIES = [
  'Healthcare',
  'Technology',
  'Financial Services',
  'Insurance',
  'Retail',
  'Manufacturing',
  'Real Estate',
  'Education',
  'Legal',
  'Consulting',
  'Other',
] as const;
/** Industries are stored lowercase ("financial services"). */
export const INDUSTRY_VALUES = INDUSTRIES.map((label) => label.toLowerCase());

export const AGE_RANGES = ['18-25', '26-35', '36-45', '46-55', '56-65', '65+', 'All ages'] as const;
export const TONES = ['professional', 'friendly', 'casual', 'confident', 'empathetic'] as const;
export const VOICES = ['female', 'male'] as const;
export const SCRIPT_TYPES = [
  'answering',
  'rebuttals',
  'questions',
  'afterAnswers',
  'notInterested',
  'voicemail',
  'other',
] as const;
export type ScriptType = (typeof SCRIPT_TYPES)[number];

/** Script type -> the campaign field holding that script. */
export const SCRIPT_FIELDS = {
  answering: 'scriptAnswering',
  rebuttals: 'scriptRebuttals',
  questions: 'scriptQuestions',
  afterAnswers: 'scriptAfterAnswers',
  notInterested: 'scriptNotInterested',
  voicemail: 'scriptVoicemail',
  other: 'scriptOther',
} as const satisfies Record<ScriptType, string>;

/** Area codes offered for a provided number, shown as "code - city". */
export const AREA_CODES = [
  { code: '907', city: 'Anchorage' },
  { code: '404', city: 'Atlanta' },
  { code: '512', city: 'Austin' },
  { code: '410', city: 'Baltimore' },
  { code: '205', city: 'Birmingham' },
  { code: '208', city: 'Boise' },
  { code: '617', city: 'Boston' },
  { code: '716', city: 'Buffalo' },
  { code: '704', city: 'Charlotte' },
  { code: '312', city: 'Chicago' },
  { code: '513', city: 'Cincinnati' },
  { code: '216', city: 'Cleveland' },
  { code: '614', city: 'Columbus' },
  { code: '214', city: 'Dallas' },
  { code: '303', city: 'Denver' },
  { code: '515', city: 'Des Moines' },
  { code: '313', city: 'Detroit' },
  { code: '915', city: 'El Paso' },
  { code: '817', city: 'Fort Worth' },
  { code: '559', city: 'Fresno' },
  { code: '808', city: 'Honolulu' },
  { code: '713', city: 'Houston' },
  { code: '317', city: 'Indianapolis' },
  { code: '904', city: 'Jacksonville' },
  { code: '816', city: 'Kansas City' },
  { code: '702', city: 'Las Vegas' },
  { code: '501', city: 'Little Rock' },
  { code: '213', city: 'Los Angeles' },
  { code: '502', city: 'Louisville' },
  { code: '901', city: 'Memphis' },
  { code: '305', city: 'Miami' },
  { code: '414', city: 'Milwaukee' },
  { code: '612', city: 'Minneapolis' },
  { code: '615', city: 'Nashville' },
  { code: '504', city: 'New Orleans' },
  { code: '212', city: 'New York' },
  { code: '973', city: 'Newark' },
  { code: '405', city: 'Oklahoma City' },
  { code: '402', city: 'Omaha' },
  { code: '407', city: 'Orlando' },
  { code: '215', city: 'Philadelphia' },
  { code: '602', city: 'Phoenix' },
  { code: '412', city: 'Pittsburgh' },
  { code: '503', city: 'Portland' },
  { code: '919', city: 'Raleigh' },
  { code: '804', city: 'Richmond' },
  { code: '916', city: 'Sacramento' },
  { code: '801', city: 'Salt Lake City' },
  { code: '210', city: 'San Antonio' },
  { code: '619', city: 'San Diego' },
  { code: '415', city: 'San Francisco' },
  { code: '408', city: 'San Jose' },
  { code: '206', city: 'Seattle' },
  { code: '314', city: 'St. Louis' },
  { code: '813', city: 'Tampa' },
  { code: '520', city: 'Tucson' },
  { code: '202', city: 'Washington' },
  { code: '316', city: 'Wichita' },
] as const;

export const areaCodeLabel = (entry: { code: string; city: string }) => `${entry.code} - ${entry.city}`;
