import { pino } from 'pino';
import { config } from './config';

/**
 * Structured JSON logs; secrets are redacted wherever they could appear. Lines are batched (4 KB,
 * or a second after the first line of a batch) so a log line per request costs no write of its
 * own; `flushLogs()` runs on shutdown and after start-up lines someone may be waiting for.
 */
const stdout = pino.destination({ sync: false });
const BATCH_CHARS = 4096;
const FLUSH_AFTER_MS = 1000;
/*
 * The batch is ours, handed to stdout whole: sonic-boom's own (minLength) measures its whole
 * buffer again for every line it adds, which cost a request line more than pino's formatting.
 */
let batch: string[] = [];
let batchChars = 0;
let flushDue: NodeJS.Timeout | undefined;

function writeBatch(): void {
  if (!batch.length) return;
  const lines = batch.join('');
  batch = [];
  batchChars = 0;
  stdout.write(lines);
}

const destination = {
  write(line: string) {
    batch.push(line);
    batchChars += line.length;
    if (batchChars >= BATCH_CHARS) writeBatch();
    // A quiet process's last lines go out within a second; an idle one sets no timer at all.
    flushDue ??= setTimeout(() => {
      flushDue = undefined;
      try {
        writeBatch();
      } catch {
        // Closed on the way out: flushLogs() wrote what was left.
      }
    }, FLUSH_AFTER_MS).unref();
  },
};

/** A database error as Sequelize and mysql2 raise it: with the statement, its values and the row. */
interface DatabaseErrorLike extends Error {
  code?: string;
  errno?: number;
  sqlState?: string;
  sql?: string;
  parameters?: unknown;
  original?: DatabaseErrorLike;
  parent?: DatabaseErrorLike;
  fields?: Record<string, unknown> | string[];
  table?: string;
  index?: string;
  errors?: { path?: string | null; type?: string | null; validatorKey?: string | null }[];
}

const isDatabaseError = (err: unknown): err is DatabaseErrorLike =>
  err instanceof Error && (err.name.startsWith('Sequelize') || 'sql' in err || 'sqlMessage' in err);

/**
 * The database quotes the offending value in some messages ("Duplicate entry 'ada@example.com'
 * for key ...", "Incorrect integer value: 'x' for column ..."); the column and key names stay.
 */
const withoutValues = (message: string) =>
  message.replace(/(entry |value: )'.*?'(?= for |$)/gs, "$1'[redacted]'");

/**
 * A database error reduced to what names the failure: its type, the database's code and message,
 * the columns involved and where it was thrown. The statement and its parameters (a new user's
 * password hash and email, say) and the rows it carries never reach the log.
 */
function databaseError(err: DatabaseErrorLike) {
  const driver = err.original ?? err.parent ?? err;
  const message = withoutValues(err.message);
  const fields = Array.isArray(err.fields) ? err.fields : err.fields && Object.keys(err.fields);
  const frames = (err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return {
    type: err.name,
    message,
    code: driver.code,
    errno: driver.errno,
    sqlState: driver.sqlState,
    ...(fields?.length ? { fields } : {}),
    ...(err.table ? { table: err.table } : {}),
    ...(err.index ? { index: err.index } : {}),
    ...(err.errors?.length
      ? { errors: err.errors.map(({ path, type, validatorKey }) => ({ path, type, validatorKey })) }
      : {}),
    stack: [`${err.name}: ${message}`, ...frames].join('\n'),
  };
}

interface HttpClientErrorLike extends Error {
  isAxiosError: true;
  code?: string;
  config?: { method?: string; url?: string };
  response?: { status?: number };
}

const isHttpClientError = (err: unknown): err is HttpClientErrorLike =>
  err instanceof Error && (err as { isAxiosError?: unknown }).isAxiosError === true;

/**
 * An HTTP client's error (axios, under the Twilio SDK) carries the request it sent, with its
 * Authorization header (the account's SID and auth token): only what names the failure is kept.
 */
function httpClientError(err: HttpClientErrorLike) {
  const frames = (err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return {
    type: err.name,
    message: err.message,
    code: err.code,
    status: err.response?.status,
    method: err.config?.method,
    url: err.config?.url?.split('?')[0],
    stack: [`${err.name}: ${err.message}`, ...frames].join('\n'),
  };
}

/**
 * The one serializer for logged errors (`{ err }`): a database error or an HTTP client's error, or
 * one holding it, is reduced.
 */
export function serializeError(err: unknown): unknown {
  if (typeof err === 'string') return withoutValues(err);
  if (isDatabaseError(err)) return databaseError(err);
  if (isHttpClientError(err)) return httpClientError(err);
  if (!(err instanceof Error)) return err;
  const serialized = pino.stdSerializers.err(err) as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(err)) {
    if (isDatabaseError(value)) serialized[key] = databaseError(value);
    else if (isHttpClientError(value)) serialized[key] = httpClientError(value);
  }
  return serialized;
}

export const logger = pino(
  {
    level: config.logLevel,
    redact: ['password', '*.password', 'passwordHash', '*.twilioAuthToken', 'req.headers.cookie'],
    serializers: { err: serializeError },
  },
  destination,
);

/**
 * The per-request line carries only method, path, status and time, never a secret, so it skips
 * the redaction walk that every other line pays for (it showed up in the api's profile).
 */
export const requestLogger = pino({ level: config.logLevel }, destination);

export function flushLogs(): void {
  try {
    writeBatch();
    stdout.flushSync();
  } catch {
    // Nothing buffered, or the stream is still opening: nothing to lose.
  }
}
