import http from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';
import { WebSocketServer, type WebSocket } from 'ws';
import type { RelayIncomingFrame, RelayOutgoingFrame, RelaySetupFrame } from '@ringcast/shared-types';
import { isValidTwilioSignature } from '../../src/telephony/signature';
import type { RawHandler, TwimlServer } from './twimlServer';

/** One ConversationRelay session the sandbox opened to the peer. */
export interface PeerSession {
  callId: number;
  /** Whether X-Twilio-Signature signed the socket's URL (no params) with the account's token. */
  signatureValid: boolean;
  frames: RelayIncomingFrame[];
  /** The close code, once the sandbox closed the socket. */
  closedWith: number | null;
  /** The close reason the sandbox gave. */
  closeReason: string | null;
  setup(): RelaySetupFrame | undefined;
  prompts(): string[];
}

/** A `<Connect action>` request the sandbox made. */
export interface ActionRequest {
  callId: number;
  params: Record<string, string>;
  signatureValid: boolean;
}

/** What the peer's agent does in a session: say this after each final prompt, and end after some. */
export interface PeerScript {
  reply: string;
  /** End the session (with this handoffData) after this many final prompts; never without it. */
  endAfterPrompts?: number;
  handoffData?: string;
}

const ACTION_PATH = /^\/webhooks\/twilio\/calls\/(\d+)\/relay-ended$/;

/**
 * Plays our app's side of ConversationRelay for the sandbox tests, on one port as our api does:
 * the relay WebSocket at /relay/:callId (a 401 for the ids in `refused`), a scripted agent
 * speaking on it, and the `<Connect action>` endpoint answering `<Hangup/>`; it checks the
 * signature of the handshake and of each action request with the account's token. On `origin`
 * (a TwiML server's), it shares that server's port, as the sandbox talks only to PUBLIC_URL.
 */
export async function startRelayPeer(
  authToken: string,
  scriptFor: (setup: RelaySetupFrame) => PeerScript,
  refused: number[] = [],
  origin?: TwimlServer,
) {
  const sessions: PeerSession[] = [];
  const actions: ActionRequest[] = [];
  let baseUrl = origin?.baseUrl ?? '';

  const answerAction: RawHandler = (req, res, raw) => {
    const match = ACTION_PATH.exec(req.url ?? '');
    if (!match || req.method !== 'POST') return void res.writeHead(404).end();
    const params = Object.fromEntries(new URLSearchParams(raw));
    const signature = req.headers['x-twilio-signature'] as string | undefined;
    actions.push({
      callId: Number(match[1]),
      params,
      signatureValid: isValidTwilioSignature(authToken, signature, `${baseUrl}${req.url}`, params),
    });
    res.writeHead(200, { 'Content-Type': 'text/xml' }).end('<Response><Hangup/></Response>');
  };
  const ownServer = origin
    ? undefined
    : http.createServer((req, res) => {
        let raw = '';
        req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        req.on('end', () => answerAction(req, res, raw));
      });
  origin?.handle(ACTION_PATH, answerAction);
  const server = origin?.server ?? ownServer!;

  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const callId = Number(/^\/relay\/(\d+)/.exec(req.url ?? '')?.[1]);
    if (!callId || refused.includes(callId)) {
      socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const wsUrl = `${baseUrl.replace(/^http/, 'ws')}${req.url}`;
    const signature = req.headers['x-twilio-signature'] as string | undefined;
    wss.handleUpgrade(req, socket, head, (ws) =>
      play(ws, {
        callId,
        signatureValid: !!signature && twilio.validateRequest(authToken, signature, wsUrl, {}),
        frames: [],
        closedWith: null,
        closeReason: null,
        setup() {
          return this.frames.find((f): f is RelaySetupFrame => f.type === 'setup');
        },
        prompts() {
          return this.frames.flatMap((f) => (f.type === 'prompt' && f.last ? [f.voicePrompt] : []));
        },
      }),
    );
  });

  function play(ws: WebSocket, session: PeerSession) {
    sessions.push(session);
    let script: PeerScript | undefined;
    let prompts = 0;
    const send = (frame: RelayOutgoingFrame) => ws.send(JSON.stringify(frame));
    ws.on('close', (code, reason) => {
      session.closedWith = code;
      session.closeReason = String(reason);
    });
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as RelayIncomingFrame;
      session.frames.push(frame);
      if (frame.type === 'setup') script = scriptFor(frame);
      if (frame.type !== 'prompt' || !frame.last || !script) return;
      prompts++;
      // The reply streams in a few pieces, as the agent forwards a model's tokens.
      const pieces = script.reply.match(/(\S+\s*){1,3}/g) ?? [];
      pieces.forEach((token, i) => send({ type: 'text', token, last: i === pieces.length - 1 }));
      if (prompts === script.endAfterPrompts) send({ type: 'end', handoffData: script.handoffData });
    });
  }

  if (ownServer) {
    await new Promise<void>((resolve) => ownServer.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(ownServer.address() as AddressInfo).port}`;
  }
  return {
    baseUrl,
    sessions,
    actions,
    session: (callId: number) => sessions.find((s) => s.callId === callId),
    close: async () => {
      for (const client of wss.clients) client.terminate();
      if (ownServer) await new Promise<void>((resolve) => ownServer.close(() => resolve()));
    },
  };
}

export type RelayPeer = Awaited<ReturnType<typeof startRelayPeer>>;
