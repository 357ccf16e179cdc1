import { logger } from '../../logger';
import { methodOf, resolveUrl, type VerbPlayer } from './verbs';

/**
 * What `<Connect><ConversationRelay>` asks of the call: a session on the relay WebSocket at `url`,
 * after which Twilio requests the `<Connect action>` (or, without one, plays the next verb).
 */
export interface ConversationRelaySpec {
  url: string;
  welcomeGreeting: string;
  /** Requested when the session ends, with the session's fields; absent: the next verb plays. */
  action?: string;
  method: string;
  /** The <Parameter> children: `setup.customParameters`. */
  parameters: Record<string, string>;
  /** Whether the callee's speech may cut the agent short (`interruptible` any or speech). */
  interruptible: boolean;
  dtmfDetection: boolean;
  /** Prompts arrive as partials (`last: false`) before the final one. */
  partialPrompts: boolean;
}

/** `interruptible` takes none|dtmf|speech|any; the older booleans mean any and none (telephony.md §1.1). */
const speechInterrupts = (value: string | undefined) =>
  value === undefined || ['any', 'speech', 'true'].includes(value.toLowerCase());

const isTrue = (value: string | undefined) => value?.toLowerCase() === 'true';

/**
 * `<Connect>`: the sandbox plays the `<ConversationRelay>` noun (the callee speaks with the
 * agent on our relay socket); any other noun (`<Stream>`, `<Room>`, ...) is skipped with a warning.
 */
const connect: VerbPlayer = (verb, context) => {
  const relay = verb.children.find((child) => child.name === 'ConversationRelay');
  if (!relay?.attrs.url) {
    logger.warn(
      { nouns: verb.children.map((child) => child.name) },
      'twilio sandbox: <Connect> without a <ConversationRelay url>: skipped',
    );
    return { kind: 'next' };
  }
  const parameters: Record<string, string> = {};
  for (const child of relay.children) {
    if (child.name === 'Parameter' && child.attrs.name)
      parameters[child.attrs.name] = child.attrs.value ?? '';
  }
  return {
    kind: 'relay',
    relay: {
      url: relay.attrs.url,
      welcomeGreeting: relay.attrs.welcomeGreeting ?? '',
      action: verb.attrs.action ? resolveUrl(verb.attrs.action, context) : undefined,
      method: methodOf(verb),
      parameters,
      interruptible: speechInterrupts(relay.attrs.interruptible),
      dtmfDetection: isTrue(relay.attrs.dtmfDetection),
      partialPrompts: isTrue(relay.attrs.partialPrompts),
    },
  };
};

export const connectVerbs: Record<string, VerbPlayer> = { Connect: connect };
