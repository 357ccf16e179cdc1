/**
 * Post-call analysis: what a campaign asks the model to pull out of every answered conversation
 * (its fields), and what came back for one call.
 */
export const ANALYSIS_FIELD_TYPES = ['text', 'number', 'yes_no', 'one_of', 'date'] as const;
export type AnalysisFieldType = (typeof ANALYSIS_FIELD_TYPES)[number];

export const ANALYSIS_FIELD_TYPE_LABELS: Record<AnalysisFieldType, string> = {
  text: 'Text',
  number: 'Number',
  yes_no: 'Yes/no',
  one_of: 'One of',
  date: 'Date',
};

export const MAX_ANALYSIS_FIELDS = 10;
export const ANALYSIS_FIELD_NAME_MAX = 40;
export const ANALYSIS_FIELD_DESCRIPTION_MAX = 300;
export const MAX_ANALYSIS_CHOICES = 10;
export const ANALYSIS_CHOICE_MAX = 40;

/** One thing to extract from each conversation: "Current provider", "Budget", "Best time to call". */
export interface AnalysisField {
  /**
   * Its name in the analysis, the call log's filters and the exports: derived from `name`
   * (analysisFieldKey), so renaming a field starts a new one.
   */
  key: string;
  /** As the owner wrote it: the call log's column header. */
  name: string;
  /** What the model is told the field means. */
  description: string;
  type: AnalysisFieldType;
  /** `one_of`: the values it may take (2 to MAX_ANALYSIS_CHOICES); null for the other types. */
  choices: string[] | null;
}

/** A field's value: text or a choice (string), a number, yes/no (boolean), a date ('YYYY-MM-DD'); null: not said. */
export type AnalysisValue = string | number | boolean | null;

export const SENTIMENTS = ['positive', 'neutral', 'negative'] as const;
export type Sentiment = (typeof SENTIMENTS)[number];
export const SENTIMENT_LABELS: Record<Sentiment, string> = {
  positive: 'Positive',
  neutral: 'Neutral',
  negative: 'Negative',
};

/** What the model made of one answered call, checked against the schema built from its campaign's fields. */
export interface CallAnalysis {
  /** By field key; null where the conversation did not say. Keys of fields the campaign had then. */
  fields: Record<string, AnalysisValue>;
  sentiment: Sentiment;
  /** Whether the call met the campaign's goal, and why, in one sentence. */
  successEvaluation: { met: boolean; reason: string };
}

/**
 * `done`: analysed; `failed`: the model's answer was refused twice (or it could not be reached
 * through the job's retries), so the call has no analysis. Null: not analysed (yet, or never: a
 * call nobody answered, a voicemail).
 */
export const ANALYSIS_STATUSES = ['done', 'failed'] as const;
export type AnalysisStatus = (typeof ANALYSIS_STATUSES)[number];

/**
 * How the conversation flowed, from its turns (each figure in milliseconds or a count):
 * - response: from the callee's final words reaching us to our first words leaving for Twilio;
 * - model first token: from our request to the model to its first token (part of the response);
 * - callee interruptions: replies of ours the callee talked over (cut short);
 * - agent interruptions: replies we started while the callee had begun speaking again;
 * - silences: gaps over 3 s (our reply slower than that, or the callee quiet that long after we spoke).
 */
export interface CallQuality {
  /** Our replies measured. */
  turns: number;
  responseP50Ms: number | null;
  responseP95Ms: number | null;
  modelFirstTokenP50Ms: number | null;
  calleeInterruptions: number;
  agentInterruptions: number;
  silences: number;
}

/** A gap longer than this is a silence. */
export const SILENCE_GAP_MS = 3000;
