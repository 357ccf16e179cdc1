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
/** A web address: the agent would spell it out; a person says "on our website". */
const URL = /\b(?:https?:\/\/|www\.)[^\s"'<>]+?(?=[.,;:!?)]*(?:\s|$))/gi;
/**
 * A document's header pasted in ("Website: ... Address: ... Opening hours: ..."): the labels a
 * brochure or FAQ lists its facts under, capitalised and followed by a colon. A script says the
 * fact in a sentence instead.
 */
const DOCUMENT_LABEL =
  /(?<=^|[\s.;,])(?:Website|Web site|Address|Opening hours|Office hours|Hours|Phone|Telephone|Tel|Email|E-mail|Fax):(?=\s)/g;
/** Scripts the agent speaks; the "other" one holds instructions to the agent, never spoken. */
const SPOKEN = new Set<ScriptType>(SCRIPT_TYPES.filter((type) => type !== 'other'));

/** What would be read out as written: gaps, and, in a spoken script, URLs and pasted headers. */
function unspeakable(scriptType: ScriptType, text: string | null | undefined): string[] {
  if (!text) return [];
  const found: string[] = [...(text.match(PLACEHOLDER) ?? [])];
  if (SPOKEN.has(scriptType)) {
    found.push(...(text.match(DOCUMENT_LABEL) ?? []).map((label) => `"${label}"`));
    found.push(...(text.match(URL) ?? []));
  }
  return [...new Set(found)];
}

export interface ScriptPlaceholders {
  scriptType: ScriptType;
  label: string;
  /** The placeholders as written, each once, in order. */
  placeholders: string[];
}

/**
 * The scripts that still hold a placeholder, in the wizard's order. An agent would read
 * "[Company Name]" out loud, so a campaign is not ready to launch with one; nor with a URL or a
 * document's header ("Website: ... Address: ...") pasted into a script it speaks.
 */
export function scriptPlaceholders(
  scripts: Partial<Record<ScriptField, string | null>>,
): ScriptPlaceholders[] {
  return SCRIPT_TYPES.flatMap((scriptType) => {
    const found = unspeakable(scriptType, scripts[SCRIPT_FIELDS[scriptType]]);
    return found.length ? [{ scriptType, label: SCRIPT_TYPE_LABELS[scriptType], placeholders: found }] : [];
  });
}
