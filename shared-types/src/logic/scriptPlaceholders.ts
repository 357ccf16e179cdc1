import { SCRIPT_FIELDS, SCRIPT_TYPES, type ScriptType } from '../domain/campaignOptions';

/** A campaign field holding a script (scriptAnswering, ...). */
export type ScriptField = (typeof SCRIPT_FIELDS)[ScriptType];

/** Each script's name as the wizard's script step shows it. */
export const SCRIPT_TYPE_LABELS: Record<ScriptType, string> = {
  answering: 'Answering Script',
  rebuttals: 'Rebuttals',
  questions: 'Questions',
  afterAnswers: 'After Answers',
  notInterested: 'Not Interested',
  voicemail: 'Voicemail',
  other: 'Other',
};

/** A "[Company Name]"-style gap left for someone to fill in: square brackets around a short text. */
const PLACEHOLDER = /\[[^[\]\n]{1,60}\]/g;

export interface ScriptPlaceholders {
  scriptType: ScriptType;
  label: string;
  /** The placeholders as written, each once, in order. */
  placeholders: string[];
}

/**
 * The scripts that still hold a placeholder, in the wizard's order. An agent would read
 * "[Company Name]" out loud, so a campaign is not ready to launch with one.
 */
export function scriptPlaceholders(
  scripts: Partial<Record<ScriptField, string | null>>,
): ScriptPlaceholders[] {
  return SCRIPT_TYPES.flatMap((scriptType) => {
    const found = [...new Set(scripts[SCRIPT_FIELDS[scriptType]]?.match(PLACEHOLDER) ?? [])];
    return found.length ? [{ scriptType, label: SCRIPT_TYPE_LABELS[scriptType], placeholders: found }] : [];
  });
}
