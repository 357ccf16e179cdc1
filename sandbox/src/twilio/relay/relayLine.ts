import twilio from 'twilio';
import { WebSocket, type RawData } from 'ws';
import type { RelayIncomingFrame } from '@ringcast/shared-types';
import { logger } from '../../logger';
import type { SessionClock } from './sessionClock';

/** How long the sandbox waits for our relay to accept the WebSocket. */
const HANDSHAKE_TIMEOUT_MS = 10_000;

/** One reply of the agent, as its `text` tokens arrive. */
export interface AgentTurn {
  text: string;
  /** Simulated ms its first token came: the callee starts hearing it then. */
  startedAt: number;
  /** Its last token came (`last: true`), or the callee spoke since: later tokens start a new turn. */
  closed: boolean;
  /** Its `last: true` token came. */
  complete: boolean;
}

/**
 * The callee's end of a ConversationRelay session: the WebSocket to our relay, opened as Twilio
 * opens it (X-Twilio-Signature over the URL with no params, telephony.md §1.1), the frames Twilio
 * sends, and what our side has said so far. A frame Twilio would refuse is answered with an
 * `error` frame (Twilio's 64107) and the session goes on.
 */
export class RelayLine {
  readonly turns: AgentTurn[] = [];
  /** When the callee spoke (simulated ms), for a recorded call's audio. */
  readonly callerSpeech: { from: number; to: number }[] = [];
  /** Our side's `end` frame, once it came. */
  ended: { handoffData?: string } | null = null;
  /** Why the session cannot go on (our side closed the socket, the call went away, ...), once it cannot. */
  broken: string | null = null;
  private readonly waiters = new Set<() => void>();

  private constructor(
    private readonly ws: WebSocket,
    private readonly clock: SessionClock,
    private readonly log: typeof logger,
  ) {
    ws.on('message', (data) => this.receive(data));
    ws.on('close', (code) => this.break(`the relay closed the WebSocket (${code})`));
    ws.on('error', (err) => this.log.warn({ err: err.message }, 'twilio sandbox: relay socket error'));
  }

  /** Opens the socket; an HTTP answer instead of the upgrade (a 401 say), or no answer, is an error. */
  static open(
    url: string,
    authToken: string,
    clock: SessionClock,
    log: typeof logger,
  ): Promise<{ ok: true; line: RelayLine } | { ok: false; error: string }> {
    return new Promise((resolve) => {
      let ws: WebSocket;
      try {
        ws = new WebSocket(url, {
          headers: { 'X-Twilio-Signature': twilio.getExpectedTwilioSignature(authToken, url, {}) },
          handshakeTimeout: HANDSHAKE_TIMEOUT_MS,
        });
      } catch (err) {
        resolve({ ok: false, error: (err as Error).message });
        return;
      }
      ws.once('open', () => resolve({ ok: true, line: new RelayLine(ws, clock, log) }));
      ws.once('error', (err) => resolve({ ok: false, error: err.message }));
    });
  }

  /** The agent's latest turn, if one is still coming in. */
  get openTurn(): AgentTurn | undefined {
    const turn = this.turns[this.turns.length - 1];
    return turn && !turn.closed ? turn : undefined;
  }

  send(frame: RelayIncomingFrame): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(frame));
  }

  /** The callee has spoken: whatever the agent sends next is a new turn. */
  closeTurn(): void {
    const turn = this.openTurn;
    if (turn) turn.closed = true;
  }

  /**
   * Resolves true once `done()` holds, false when `wallMs` pass first or the session breaks.
   * `done` is checked again whenever a frame comes.
   */
  until(done: () => boolean, wallMs: number): Promise<boolean> {
    if (done()) return Promise.resolve(true);
    if (this.broken) return Promise.resolve(false);
    return new Promise((resolve) => {
      const finish = (value: boolean) => {
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(value);
      };
      const check = () => {
        if (done()) finish(true);
        else if (this.broken) finish(false);
      };
      const timer = setTimeout(() => finish(done()), wallMs);
      this.waiters.add(check);
    });
  }

  /** Waits until simulated moment `at`; false if the session broke meanwhile. */
  async sleepUntil(at: number): Promise<boolean> {
    await this.until(() => false, this.clock.wallMsUntil(at));
    return !this.broken;
  }

  /** The session cannot go on: every wait ends now. */
  break(reason: string): void {
    this.broken ??= reason;
    this.changed();
  }

  /** Closes the socket from Twilio's side (the session is over, or the call hung up). */
  close(code = 1000, reason = 'session ended'): void {
    this.break('the session is over');
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) {
      this.ws.close(code, reason);
    }
  }

  private changed(): void {
    for (const check of [...this.waiters]) check();
  }

  private refuse(description: string, data: string): void {
    this.log.warn({ description, frame: data.slice(0, 200) }, 'twilio sandbox: relay frame refused (64107)');
    this.send({ type: 'error', description });
  }

  private receive(data: RawData): void {
    const raw = String(data);
    if (this.ended) return;
    let frame: { type?: unknown; token?: unknown; last?: unknown; handoffData?: unknown };
    try {
      frame = JSON.parse(raw) as typeof frame;
    } catch {
      return this.refuse('Invalid message received: not JSON', raw);
    }
    switch (frame?.type) {
      case 'text':
        if (typeof frame.token !== 'string') return this.refuse('Invalid message received: token', raw);
        this.heard(frame.token, frame.last === true);
        break;
      case 'end':
        if (frame.handoffData !== undefined && typeof frame.handoffData !== 'string')
          return this.refuse('Invalid message received: handoffData must be a string', raw);
        this.ended = { handoffData: frame.handoffData as string | undefined };
        break;
      case 'play':
      case 'sendDigits':
      case 'language':
        // Valid, and nothing the sandbox's callee reacts to.
        this.log.debug({ type: frame.type }, 'twilio sandbox: relay frame');
        return;
      default:
        return this.refuse(`Invalid message received: unknown type ${String(frame?.type)}`, raw);
    }
    this.changed();
  }

  private heard(token: string, last: boolean): void {
    let turn = this.openTurn;
    if (!turn) {
      turn = { text: '', startedAt: this.clock.now(), closed: false, complete: false };
      this.turns.push(turn);
    }
    turn.text += token;
    if (last) {
      turn.closed = true;
      turn.complete = true;
    }
  }
}
