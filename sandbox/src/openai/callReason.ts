import {
  CAMPAIGN_TYPES,
  CAMPAIGN_TYPE_LABELS,
  type AgentBrief,
  type CampaignType,
} from '@ringcast/shared-types';
import { factsOf, itemName, stemsOf } from './documentFacts';

/** What the reason for a call is read from: the agent's brief, or a script prompt's details. */
export type ReasonBrief = Pick<AgentBrief, 'campaignType' | 'goal' | 'documents'>;

/** The campaign's type from its label in the brief; an owner's own words are read for a booking. */
function typeOf(label: string): CampaignType | null {
  const listed = CAMPAIGN_TYPES.find((t) => CAMPAIGN_TYPE_LABELS[t] === label);
  if (listed) return listed;
  return /\b(appointment|booking|book)\b/i.test(label) ? 'appointment' : null;
}

/**
 * What the call offers, named as the documents name it: the priced item most of whose words the
 * goal uses ("Teeth cleaning: $95" for "... in for a teeth cleaning before ..."), as "a teeth
 * cleaning"; null when the goal names none.
 */
export function offerOf(brief: ReasonBrief): string | null {
  const goal = new Set(stemsOf(brief.goal ?? ''));
  let best: { label: string; score: number } | null = null;
  for (const fact of factsOf(brief.documents)) {
    if (!fact.label || fact.kind !== 'price') continue;
    const stems = stemsOf(fact.label);
    const shared = stems.filter((w) => goal.has(w)).length;
    if (shared * 2 > stems.length && shared > (best?.score ?? 0)) best = { label: fact.label, score: shared };
  }
  return best ? itemName(best.label) : null;
}

const MONTHS =
  'January|February|March|April|May|June|July|August|September|October|November|December|Christmas|the holidays';
/** "before the end of December", "this month": when the goal wants it done, said as is. */
const WHEN = new RegExp(
  `\\b(?:before|by) the end of (?:the )?(?:${MONTHS}|week|month|year)\\b|\\b(?:this|next) (?:week|month|year)\\b|\\bbefore (?:${MONTHS})\\b`,
  'i',
);

/**
 * Why the agent calls, in the callee's terms, as a capable model says it after reading the goal
 * (written for the agent: "Book returning patients in for a teeth cleaning before the end of
 * December") and the documents: "I'm calling to see if you'd like to book a teeth cleaning before
 * the end of December." The goal itself is never read out.
 */
/** When the goal wants it done ("before the end of December"), or null. */
export const whenOf = (goal: string | null | undefined) => WHEN.exec(goal ?? '')?.[0] ?? null;

export function callReason(brief: ReasonBrief): string {
  const offer = offerOf(brief);
  const when = whenOf(brief.goal);
  const by = when ? ` ${when}` : '';
  switch (typeOf(brief.campaignType)) {
    case 'appointment':
      return `I'm calling to see if you'd like to book ${offer ?? 'an appointment'}${by}.`;
    case 'birthday':
      return "I'm calling to wish you a very happy birthday from all of us.";
    case 'quote':
      return `I'm calling to offer you a free, no-obligation quote${offer ? ` for ${offer}` : ''}.`;
    case 'retention':
      return "I'm calling to check in and make sure everything is going well for you.";
    case 'follow-up':
      return `I'm calling to follow up on the interest you showed${offer ? ` in ${offer}` : ''} recently.`;
    default:
      return offer
        ? `I'm calling about ${offer}${by}.`
        : `I'm calling about ${brief.campaignType.toLowerCase() || 'something we think you will find useful'}.`;
  }
}
