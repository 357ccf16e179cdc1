import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { WebSocket } from 'ws';
import type { RelayIncomingFrame, RelayOutgoingFrame, RelayTextFrame } from '@ringcast/shared-types';
import { CallRecord, CallTranscriptTurn, User } from '../../src/db/models';
import { signRelayToken } from '../../src/relay/relayToken';
import { userWithDraft } from './campaigns';
import { waitFor } from './sockets';

/** The campaign a relay test's calls belong to: scripts the OpenAI sandbox speaks from. */
export const AGENT_CAMPAIGN = {
  name: 'Spring reminders',
  type: 'appointment',
  aiAgentName: 'Ava',
  aiAgentVoice: 'female',
  scriptAnswering:
    'Hi, this is Ava, an AI assistant calling on behalf of Spring Dental Clinic. How are you today?',
  scriptQuestions: 'When did you last see a dentist? Would a morning or an afternoon suit you better?',
  scriptRebuttals: 'Many of our patients felt the same way, and a check-up takes only thirty minutes.',
  scriptNotInterested: 'No problem at all. Thank you for your time, and have a lovely day.',
  companyWebsites: 'https://spring-dental.example',
};

/** A CallSid as Twilio makes them. */
export const newCallSid = () => `CA${randomBytes(16).toString('hex')}`;

/** A customer with a campaign and one answered call of it, as the dialer leaves it when a person picks up. */
export async function answeredCall(baseUrl: string, toNumber = `+1212555${String(Date.now()).slice(-4)}`) {
  const owner = await userWithDraft(baseUrl, AGENT_CAMPAIGN);
  await User.update(
    { companyName: 'Spring Dental Clinic', phoneNumber: '+12125550188' },
    { where: { id: owner.user.id } },
  );
  const call = await CallRecord.create({
    campaignId: owner.campaign.id,
    userId: owner.user.id,
    toNumber,
    fromNumber: '+12125550100',
    status: 'in_progress',
    answeredBy: 'human',
    providerCallSid: newCallSid(),
  });
  return { ...owner, call };
}

/** The relay URL the answering TwiML would give Twilio for this call (its token names the CallSid). */
/** The call's stored transcript turns, in order. */
export const turnsOf = (callId: number) =>
  CallTranscriptTurn.findAll({ where: { callRecordId: callId }, order: [['seq', 'ASC']] });

/** The call's stored turns once there are `count` of them: its session writes them as it goes. */
export const storedTurns = (callId: number, count: number) =>
  waitFor(
    async () => {
      const rows = await turnsOf(callId);
      return rows.length === count ? rows : null;
    },
    10_000,
    `${count} stored turns`,
  );

export const relayUrl = (
  baseUrl: string,
  call: { id: number; providerCallSid?: string | null },
  token = signRelayToken(call.id, call.providerCallSid!),
) => `${baseUrl.replace(/^http/, 'ws')}/relay/${call.id}?token=${encodeURIComponent(token)}`;

/** How the server answered a WebSocket upgrade: 101, or an HTTP status, with its headers. */
export function askUpgradeAnswer(
  url: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url.replace(/^ws/, 'http'), {
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
      },
    });
    req.setTimeout(5000, () => req.destroy(new Error(`no answer to the upgrade of ${url}`)));
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode ?? 0, headers: res.headers });
    });
    req.on('response', (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, headers: res.headers });
    });
    req.on('error', reject);
    req.end();
  });
}

/** How the server answered a WebSocket upgrade: 101, or an HTTP status. */
export const askUpgrade = async (url: string): Promise<number> => (await askUpgradeAnswer(url)).status;

/** Twilio's side of a ConversationRelay session: sends its frames, keeps every frame we send. */
export class RelayCaller {
  readonly frames: RelayOutgoingFrame[] = [];
  closed = false;
  /** The close code the socket was closed with (1001: the server went away). */
  closedWith: number | null = null;

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => this.frames.push(JSON.parse(String(data)) as RelayOutgoingFrame));
    ws.on('close', (code) => {
      this.closed = true;
      this.closedWith = code;
    });
  }

  static open(url: string): Promise<RelayCaller> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      ws.once('open', () => resolve(new RelayCaller(ws)));
      ws.once('error', reject);
    });
  }

  send(frame: RelayIncomingFrame | Record<string, unknown>): void {
    this.ws.send(JSON.stringify(frame));
  }

  setup(callId: number): void {
    this.send({
      type: 'setup',
      sessionId: 'VX0001',
      accountSid: 'AC0001',
      callSid: `CA${callId}`,
      from: '+12125550100',
      to: '+12125550199',
      direction: 'outbound-api',
      callStatus: 'RINGING',
      customParameters: { callId: String(callId) },
    });
  }

  say(words: string): void {
    this.send({ type: 'prompt', voicePrompt: words, lang: 'en-US', last: true });
  }

  texts(from = 0): RelayTextFrame[] {
    return this.frames.slice(from).filter((f): f is RelayTextFrame => f.type === 'text');
  }

  /** The agent's next complete turn after frame `from`: its tokens up to `last: true`. */
  async turn(from: number): Promise<{ text: string; next: number }> {
    return waitFor(
      () => {
        const end = this.frames.findIndex((f, i) => i >= from && f.type === 'text' && f.last);
        if (end < 0) return null;
        const text = this.frames
          .slice(from, end + 1)
          .map((f) => (f.type === 'text' ? f.token : ''))
          .join('');
        return { text, next: end + 1 };
      },
      15_000,
      'the agent to finish a turn',
    );
  }

  close(): void {
    this.ws.close();
  }
}
