import { logger } from '../../logger';
import { connectVerbs } from './connect';
import { dialVerbs } from './dial';
import { flowVerbs } from './flow';
import { gatherVerbs } from './gather';
import type { TwimlNode } from './parse';
import { speechVerbs } from './speech';
import { startVerbs } from './start';
import type { VerbContext, VerbEffect, VerbPlayer } from './verbs';

export { parseTwiml, TwimlParseError, type TwimlNode } from './parse';
export type { ConversationRelaySpec } from './connect';
export { DEFAULT_DIAL_TIMEOUT_SECONDS, type DialSpec } from './dial';
export { speakingTime, wordsTime } from './speech';
export type { VerbContext, VerbEffect } from './verbs';

/**
 * The verbs the sandbox plays, one module per group. `<Connect><ConversationRelay>` hands the
 * call to a persona speaking over our relay socket (../relay); `<Dial>` calls a number (../dialing.ts).
 */
const VERBS: Record<string, VerbPlayer> = {
  ...speechVerbs,
  ...startVerbs,
  ...gatherVerbs,
  ...flowVerbs,
  ...connectVerbs,
  ...dialVerbs,
};

export function playVerb(verb: TwimlNode, context: VerbContext): VerbEffect {
  const player = VERBS[verb.name];
  if (player) return player(verb, context);
  logger.warn({ verb: verb.name }, 'twilio sandbox: skipping a TwiML verb it does not play');
  return { kind: 'next' };
}
