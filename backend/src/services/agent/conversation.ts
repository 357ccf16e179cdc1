import OpenAI from 'openai';
import type {
  ChatCompletionMessageParam,
  ChatCompletionMessageFunctionToolCall,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import {
  agentToolDefinitions,
  asksNotToBeCalled,
  transferringNote,
  type TranscriptTurn,
} from '@ringcast/shared-types';
import { config } from '../../config';
import { logger } from '../../logger';
import { openai } from '../../providers/openai';
import { StreamedToolCalls } from './streamedToolCalls';
import { untimed, type ReplyTiming } from './turnTimings';
import type { AgentSide, ConversationOutput } from './agentSide';

/** Rounds of tool calls one prompt may lead to before the agent must have spoken. */
const MAX_TOOL_ROUNDS = 3;
const GOODBYE = 'Thank you for your time. Goodbye.';

type Speaker = TranscriptTurn['speaker'];

type Turn = {
  seq: number;
  text: string;
  interrupted: boolean;
  historyStart: number;
  /** A reply's timing (none in the playground); a turn that is not a reply: the silence before it. */
  timing?: ReplyTiming;
  silenceBeforeMs?: number | null;
};

/**
 * The voice agent's side of one call, without transport: each final prompt goes to the model with
 * streaming on and every piece of the reply is spoken at once; tool calls are checked and run; an
 * interrupt stops the reply and the history keeps only what the caller heard.
 */
export class AgentConversation {
  private readonly history: ChatCompletionMessageParam[];
  private readonly startedAt: number;
  private nextSeq = 0;
  private reply: { abort: AbortController; done: Promise<void>; turn: Turn } | null = null;
  /** The last stop of a reply, with its cut: the next prompt waits for it. */
  private stopped: Promise<void> = Promise.resolve();
  /** The agent's latest turn, while the caller may still cut it short. */
  private lastAgentTurn: Turn | null = null;
  private ended = false;
  /** Serialises transcript writes so turns land in the order they were spoken. */
  private writes: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly side: AgentSide,
    instructions: string,
    private readonly output: ConversationOutput,
    /** A session taking a message after a transfer goes on the first's transcript: its next seq and start. */
    after: { seq: number; startedAt: number } = { seq: 0, startedAt: Date.now() },
  ) {
    this.history = [{ role: 'system', content: instructions }];
    this.nextSeq = after.seq;
    this.startedAt = after.startedAt;
  }

  get outcome() {
    return this.side.outcome;
  }

  /** What ConversationRelay already said (welcomeGreeting): the first turn of the transcript. */
  greeted(greeting: string): void {
    this.history.push({ role: 'assistant', content: greeting });
    this.lastAgentTurn = this.storeTurn('agent', greeting, { historyStart: this.history.length - 1 });
  }

  /**
   * What was said before this conversation was set up here (the playground's earlier messages):
   * remembered for the model, neither stored nor answered.
   */
  remember(turns: { speaker: 'agent' | 'callee'; text: string }[]): void {
    for (const turn of turns)
      this.history.push({ role: turn.speaker === 'agent' ? 'assistant' : 'user', content: turn.text });
  }

  /** A final prompt: the caller's words. A reply still running is stopped first. */
  async heard(words: string, timing?: ReplyTiming): Promise<void> {
    if (this.ended || !words.trim()) return;
    await this.stopReply(null);
    // The caller has spoken since: an interrupt now can no longer cut the turn before.
    this.lastAgentTurn = null;
    this.history.push({ role: 'user', content: words });
    this.storeTurn('callee', words, { silenceBeforeMs: timing?.calleeSilenceMs });
    if (asksNotToBeCalled(words)) await this.backstopOptOut();
    const turn: Turn = {
      seq: this.nextSeq++,
      text: '',
      interrupted: false,
      historyStart: this.history.length,
      timing,
    };
    this.lastAgentTurn = turn;
    const abort = new AbortController();
    const done = this.respond(turn, abort.signal).catch((err: unknown) => {
      if (abort.signal.aborted) return;
      logger.error({ err, ...this.side.logFields }, 'agent reply failed');
      this.output.failed?.(err);
    });
    const reply = { abort, done, turn };
    this.reply = reply;
    await done;
    if (this.reply === reply) this.reply = null;
  }

  /** The caller talked over the agent after hearing `heard`. */
  async interrupted(heard: string): Promise<void> {
    if (this.reply) return this.stopReply(heard);
    const turn = this.lastAgentTurn;
    if (turn && !turn.interrupted) this.cutTurn(turn, heard);
  }

  /**
   * Words of ours rather than the model's (asking whether the caller is still there): spoken as
   * one turn, stored and remembered like any reply, and cut short like one if the caller talks.
   */
  say(text: string, silenceBeforeMs: number | null = null): void {
    if (this.ended || this.reply) return;
    this.output.speak(text, true);
    this.history.push({ role: 'assistant', content: text });
    const historyStart = this.history.length - 1;
    this.lastAgentTurn = this.storeTurn('agent', text, { historyStart, silenceBeforeMs });
  }

  /** Says goodbye in our own words and ends the session for `reason`. */
  hangUp(goodbye: string, reason: string, silenceBeforeMs: number | null = null): void {
    if (this.ended || this.reply) return;
    this.say(goodbye, silenceBeforeMs);
    this.finish(reason);
  }

  /** Written turns, for a session that closes: resolves once every turn is stored. */
  async settled(): Promise<void> {
    await this.stopReply(null);
    await this.writes;
  }

  private async backstopOptOut(): Promise<void> {
    if (this.side.optedOut) return;
    logger.info(this.side.logFields, 'caller asked not to be called: number added');
    await this.side.optOut('asked during the call');
  }

  /** Stops the running reply; resolves once it has stopped and, with `heard`, its turn is cut. */
  private stopReply(heard: string | null): Promise<void> {
    const reply = this.reply;
    if (reply) {
      this.reply = null;
      reply.abort.abort();
      this.stopped = reply.done.then(() => {
        if (heard !== null) this.cutTurn(reply.turn, heard);
      });
    }
    return this.stopped;
  }

  private async respond(turn: Turn, signal: AbortSignal): Promise<void> {
    let spoke = false;
    try {
      for (let round = 0; round < MAX_TOOL_ROUNDS && !signal.aborted; round++) {
        const toolCalls = await this.streamRound(turn, signal, () => (spoke = true));
        if (!toolCalls.length || signal.aborted) break;
        for (const toolCall of toolCalls) {
          const result = await this.side.runTool(toolCall.function.name, toolCall.function.arguments);
          this.history.push({ role: 'tool', tool_call_id: toolCall.id, content: JSON.stringify(result) });
        }
        if (this.side.endRequested) break;
      }
    } finally {
      const transfer = this.side.endRequested?.transfer;
      if (!signal.aborted) {
        if (this.side.endRequested && !turn.text.trim()) {
          // The caller always hears why the line changes: a goodbye, or who they are put through to.
          const last = transfer ? `I'm connecting you to ${transfer.destination} now.` : GOODBYE;
          this.output.speak(last, false);
          turn.text = last;
          this.history.push({ role: 'assistant', content: last });
          spoke = true;
        }
        if (spoke) this.output.speak('', true);
      }
      this.writeTurn(turn, 'agent');
      if (!signal.aborted && transfer) this.storeTurn('system', transferringNote(transfer.destination));
    }
    const end = signal.aborted ? null : this.side.endRequested;
    if (end) this.finish(end.transfer ? 'transfer' : 'agent_hangup', end.transfer);
  }

  /**
   * One streamed model reply: speaks its text as it comes and answers its tool calls. The request
   * starts at once: the SDK's stream() helper would send it only after a timer, one more turn of a
   * busy event loop between the caller's words and the model.
   */
  private async streamRound(
    turn: Turn,
    signal: AbortSignal,
    onSpeech: () => void,
  ): Promise<ChatCompletionMessageFunctionToolCall[]> {
    let text = '';
    const toolCalls = new StreamedToolCalls();
    const tools = agentToolDefinitions(this.side.bookings, this.side.transferLabels);
    try {
      turn.timing?.modelAsked();
      const stream = await openai().chat.completions.create(
        {
          model: config.openaiModel,
          messages: this.history,
          tools: tools as unknown as ChatCompletionTool[],
          stream: true,
        },
        { signal },
      );
      for await (const chunk of stream) {
        if (signal.aborted) break;
        const delta = chunk.choices[0]?.delta;
        toolCalls.add(delta?.tool_calls);
        let piece = delta?.content;
        if (!piece) continue;
        // A turn goes on after a tool call ran: its next sentence starts apart from the last one.
        if (!text && /\S$/.test(turn.text) && /^\S/.test(piece)) piece = ` ${piece}`;
        turn.timing?.modelToken();
        text += piece;
        turn.text += piece;
        onSpeech();
        this.output.speak(piece, false);
      }
    } catch (err) {
      if (!signal.aborted && !(err instanceof OpenAI.APIUserAbortError)) throw err;
    }
    // Stopped (the stream ends quietly or throws): only what was said stays, and no tool runs.
    if (signal.aborted) {
      if (text) this.history.push({ role: 'assistant', content: text });
      return [];
    }
    const calls = toolCalls.calls();
    this.history.push({
      role: 'assistant',
      content: text || null,
      ...(calls.length ? { tool_calls: calls } : {}),
    });
    return calls;
  }

  /**
   * The caller heard only `heard` of the turn: the history's replies since the turn began lose
   * their text (their tool calls stay, paired with their results) and the heard part is kept.
   */
  private cutTurn(turn: Turn, heard: string): void {
    turn.interrupted = true;
    turn.text = heard;
    for (let i = this.history.length - 1; i >= turn.historyStart; i--) {
      const message = this.history[i]!;
      if (message.role !== 'assistant') continue;
      if (message.tool_calls?.length) message.content = null;
      else this.history.splice(i, 1);
    }
    if (heard.trim()) this.history.push({ role: 'assistant', content: heard });
    this.writeTurn(turn, 'agent');
  }

  private storeTurn(speaker: Speaker, text: string, more: Partial<Turn> = {}): Turn {
    const turn: Turn = { seq: this.nextSeq++, text, interrupted: false, historyStart: 0, ...more };
    this.writeTurn(turn, speaker);
    return turn;
  }

  private writeTurn(turn: Turn, speaker: Speaker): void {
    if (!turn.text.trim() && !turn.interrupted) return;
    const record = {
      seq: turn.seq,
      speaker,
      text: turn.text.trim(),
      offsetMs: Date.now() - this.startedAt,
      interrupted: turn.interrupted,
      ...(turn.timing?.measures ?? untimed(turn.silenceBeforeMs)),
    };
    // Turns wait a moment to share a statement (transcriptWrites), so the caller's words are
    // stored after the model's request they start has gone out. The order stays.
    this.writes = this.writes
      .then(() => this.side.saveTurn(record))
      .catch((err: unknown) => logger.error({ err, ...this.side.logFields }, 'transcript turn not saved'));
  }

  private finish(reason: string, transfer?: { destination: string; summary: string }): void {
    if (this.ended) return;
    this.ended = true;
    this.output.end({ reason, outcome: this.side.outcome, ...transfer });
  }
}
