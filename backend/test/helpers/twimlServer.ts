import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CallListInstanceCreateOptions } from 'twilio/lib/rest/api/v2010/account/call';
import { isValidTwilioSignature } from '../../src/telephony/signature';

/** One request Twilio (here: the sandbox) made to our side. */
export interface ReceivedRequest {
  path: string;
  params: Record<string, string>;
  signatureValid: boolean;
  /** Wall-clock ms it arrived. */
  at: number;
}

/** Answers one request whose body has been read. */
export type RawHandler = (req: http.IncomingMessage, res: http.ServerResponse, raw: string) => void;

/**
 * Plays *our* side of a call for the sandbox tests: serves the TwiML a test gives it per path,
 * answers callbacks with 204, checks every request's X-Twilio-Signature with the token of the
 * account it names, and records everything.
 */
export async function startTwimlServer(tokens: (accountSid: string) => string | undefined) {
  const received: ReceivedRequest[] = [];
  const documents = new Map<string, string>();
  /** Paths another part of our side answers on this origin (the relay peer's actions). */
  const handlers: { path: RegExp; handle: RawHandler }[] = [];
  let baseUrl = '';

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', baseUrl);
      const handler = handlers.find((h) => h.path.test(url.pathname));
      if (handler) return handler.handle(req, res, raw);
      const params = Object.fromEntries(
        new URLSearchParams(req.method === 'POST' ? raw : url.searchParams.toString()),
      );
      const token = tokens(params.AccountSid ?? '');
      const signature = req.headers['x-twilio-signature'] as string | undefined;
      const signedParams = req.method === 'POST' ? params : {};
      received.push({
        path: url.pathname,
        params,
        signatureValid:
          !!token && isValidTwilioSignature(token, signature, `${baseUrl}${req.url}`, signedParams),
        at: Date.now(),
      });
      const twiml = documents.get(url.pathname);
      if (twiml === undefined) {
        res.writeHead(204).end();
        return;
      }
      res.writeHead(200, { 'Content-Type': 'text/xml' }).end(twiml);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const url = (path: string) => `${baseUrl}${path}`;
  return {
    /** `http://127.0.0.1:<port>`: the PUBLIC_URL of the app this server plays. */
    baseUrl,
    /** The HTTP server, for WebSocket upgrades on the same origin (the relay peer). */
    server,
    /** Lets another handler answer the paths matching `path` (not recorded here). */
    handle: (path: RegExp, handle: RawHandler) => void handlers.push({ path, handle }),
    url,
    /**
     * calls.create's parameters as the dialer sends them (TwiML at /twiml, every status event to
     * /status, async AMD to /amd, a 25 s ring timeout), to this server.
     */
    callOptions: (to: string, from: string): CallListInstanceCreateOptions => ({
      to,
      from,
      url: url('/twiml'),
      statusCallback: url('/status'),
      statusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
      machineDetection: 'DetectMessageEnd',
      asyncAmd: 'true',
      asyncAmdStatusCallback: url('/amd'),
      timeout: 25,
    }),
    /** Answers requests to `path` with this TwiML. */
    serve: (path: string, twiml: string) => documents.set(path, twiml),
    received,
    /** What was received about one call, in arrival order. */
    about: (callSid: string, path?: string) =>
      received.filter((r) => r.params.CallSid === callSid && (path === undefined || r.path === path)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TwimlServer = Awaited<ReturnType<typeof startTwimlServer>>;
