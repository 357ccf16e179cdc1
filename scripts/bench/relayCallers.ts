// The bench's callers: each acts as ConversationRelay does on one call and times the agent's replies.
import { WebSocket } from 'ws';
import type { RelayOutgoingFrame } from '@ringcast/shared-types';
import { ascending } from './dialerFigures';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a caller says, turn by turn: ordinary answers, nothing that ends the call. */
const CALLER_WORDS = [
  'Hello, yes, this is me. What is this about?',
  'I have not been to a dentist in about two years, to be honest.',
  'Mornings are usually better for me, before work.',
  'How long does a check-up take, and what does it cost?',
  'Okay, that sounds reasonable. Let me think about which day.',
  'Thursday could work. Is there anything I should bring?',
];

export interface TurnTime {
  tag: string;
  /** From sending the final prompt to the first `text` token, as the caller saw it. */
  ms: number;
}

export interface PhaseResult {
  turns: TurnTime[];
  errors: string[];
  seconds: number;
}

/** One caller, acting like ConversationRelay: setup, then final prompts after a pause each. */
async function converse(
  url: string,
  tagPrefix: string,
  callId: number,
  turnsEach: number,
  turns: TurnTime[],
): Promise<void> {
  const ws = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade answered ${res.statusCode}`)));
  });
  let onText: ((frame: RelayOutgoingFrame) => void) | null = null;
  ws.on('message', (data) => onText?.(JSON.parse(String(data)) as RelayOutgoingFrame));
  const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
  try {
    ws.send(
      JSON.stringify({
        type: 'setup',
        sessionId: `VX${callId}`,
        accountSid: 'ACbench',
        callSid: `CA${callId}`,
        from: '+12125550100',
        to: '+12125550199',
        direction: 'outbound-api',
        callStatus: 'IN-PROGRESS',
        customParameters: { callId: String(callId) },
      }),
    );
    for (let t = 0; t < turnsEach; t++) {
      // The caller listens to the greeting or the reply, then thinks, then speaks.
      await sleep(1000 + Math.random() * 1500);
      const tag = `${tagPrefix}${callId}.${t}`;
      const words = `${CALLER_WORDS[(callId + t) % CALLER_WORDS.length]} [turn ${tag}]`;
      const turnDone = new Promise<void>((resolve, reject) => {
        let sentAt = 0;
        let first = true;
        const timer = setTimeout(() => reject(new Error(`turn ${tag}: no complete reply in 15 s`)), 15_000);
        onText = (frame) => {
          if (frame.type === 'end') return reject(new Error(`turn ${tag}: the agent ended the call`));
          if (first && frame.token) {
            first = false;
            turns.push({ tag, ms: performance.now() - sentAt });
          }
          if (frame.last) {
            clearTimeout(timer);
            resolve();
          }
        };
        sentAt = performance.now();
        ws.send(JSON.stringify({ type: 'prompt', voicePrompt: words, lang: 'en-US', last: true }));
      });
      await turnDone;
      onText = null;
    }
  } finally {
    ws.close();
    await closed;
  }
}

/** Callers on these calls, started evenly over `rampMs`, each for `turnsEach` turns. */
export async function runPhase(
  rampMs: number,
  urlOf: (callId: number) => string,
  tagPrefix: string,
  callIds: number[],
  turnsEach: number,
): Promise<PhaseResult> {
  const turns: TurnTime[] = [];
  const errors: string[] = [];
  const started = performance.now();
  await Promise.all(
    callIds.map(async (callId, i) => {
      await sleep((rampMs * i) / callIds.length);
      await converse(urlOf(callId), tagPrefix, callId, turnsEach, turns).catch((err: Error) =>
        errors.push(err.message),
      );
    }),
  );
  return { turns, errors, seconds: (performance.now() - started) / 1000 };
}

/** Each turn's time less the model's own time to first token for that request. */
export function overheads(turns: TurnTime[], modelTimes: Record<string, number>) {
  const result: number[] = [];
  let unmatched = 0;
  for (const { tag, ms } of turns) {
    const model = modelTimes[tag];
    if (model === undefined) unmatched++;
    else result.push(ms - model);
  }
  return { sorted: ascending(result), unmatched };
}
