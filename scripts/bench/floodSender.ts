// The flood's sender, on a thread of its own: an open-loop HTTP/1.1 load generator (each request
// goes out when it is due, whatever the answers before it did, as wrk2 does) over a fixed pool of
// kept-alive connections opened before the clock starts, one request in flight on each. Requests
// are whole byte strings made beforehand and answers are read off the status line and
// Content-Length, so a request costs the sender a write and a read. It shares nothing with the
// bench's main thread (which parses the processes' logs and hears the sockets), so a pause there
// does not stretch an answer time here.
import net from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';

export interface SenderInput {
  port: number;
  connections: number;
  /** Each request's bytes, in the order they are due. */
  requests: Uint8Array[];
  /** When each is due, ms after the start, ascending. */
  due: Float64Array;
}

export interface SenderOutput {
  /** Epoch ms of the start. */
  startedAt: number;
  /** Epoch ms each request was due to go and found no free connection, or was written. */
  sentAt: Float64Array;
  /**
   * Ms from then to its whole answer: a request that waited for a free connection (all of them
   * held by slow answers) counts its wait, so a slow api cannot hide behind the pool's size.
   * NaN when its connection closed first.
   */
  ms: Float64Array;
  /** The answer's status, 0 when none came. */
  status: Uint16Array;
}

const HEAD_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /\r\ncontent-length:\s*(\d+)/i;
const now = () => performance.timeOrigin + performance.now();

class Connection {
  private readonly socket: net.Socket;
  private buffered: Buffer = Buffer.alloc(0);
  /** The request in flight, -1 when idle. */
  inFlight = -1;

  constructor(
    port: number,
    private readonly onAnswer: (connection: Connection, status: number) => void,
    private readonly onClose: (connection: Connection) => void,
  ) {
    this.socket = net.connect({ port, host: '127.0.0.1', noDelay: true });
    this.socket.on('data', (chunk: Buffer) => this.read(chunk));
    this.socket.on('error', () => undefined);
    this.socket.on('close', () => this.onClose(this));
  }

  ready(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.socket.once('connect', resolve);
      this.socket.once('error', reject);
    });
  }

  send(index: number, bytes: Uint8Array): void {
    this.inFlight = index;
    this.socket.write(bytes);
  }

  close(): void {
    this.socket.end();
  }

  private read(chunk: Buffer): void {
    this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
    for (;;) {
      const headEnd = this.buffered.indexOf(HEAD_END);
      if (headEnd < 0) return;
      const head = this.buffered.toString('latin1', 0, headEnd);
      if (/\r\ntransfer-encoding:/i.test(head)) throw new Error('chunked answers are not read here');
      const end = headEnd + HEAD_END.length + Number(CONTENT_LENGTH.exec(head)?.[1] ?? 0);
      if (this.buffered.length < end) return;
      this.buffered = this.buffered.subarray(end);
      this.onAnswer(this, Number(head.slice(9, 12)));
    }
  }
}

async function run({ port, connections, requests, due }: SenderInput): Promise<SenderOutput> {
  const sentAt = new Float64Array(requests.length);
  const ms = new Float64Array(requests.length).fill(NaN);
  const status = new Uint16Array(requests.length);
  const idle: Connection[] = [];
  const waiting: number[] = [];
  let settled = 0;
  let allSettled: () => void = () => undefined;
  const settle = () => {
    if (++settled === requests.length) allSettled();
  };

  const onAnswer = (connection: Connection, code: number) => {
    const index = connection.inFlight;
    ms[index] = now() - sentAt[index]!;
    status[index] = code;
    connection.inFlight = -1;
    settle();
    const next = waiting.shift();
    if (next === undefined) idle.push(connection);
    else connection.send(next, requests[next]!);
  };
  let open = connections;
  const onClose = (connection: Connection) => {
    const at = idle.indexOf(connection);
    if (at >= 0) idle.splice(at, 1);
    if (connection.inFlight >= 0) settle();
    connection.inFlight = -1;
    // With every connection gone, what waits for one is never sent: unanswered, not awaited.
    if (--open === 0) waiting.splice(0).forEach(settle);
  };
  const pool = await Promise.all(
    Array.from({ length: connections }, async () => {
      const connection = new Connection(port, onAnswer, onClose);
      await connection.ready();
      return connection;
    }),
  );
  idle.push(...pool);

  const done = new Promise<void>((resolve) => (allSettled = resolve));
  const startedAt = now();
  let next = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const elapsed = now() - startedAt;
      while (next < requests.length && due[next]! <= elapsed) {
        const index = next++;
        sentAt[index] = now();
        const connection = idle.pop();
        if (connection) connection.send(index, requests[index]!);
        else if (open > 0) waiting.push(index);
        else settle();
      }
      if (next < requests.length) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  await done;
  for (const connection of pool) connection.close();
  return { startedAt, sentAt, ms, status };
}

if (parentPort && workerData) {
  parentPort.postMessage(await run(workerData as SenderInput));
}
