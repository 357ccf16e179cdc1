import { pino } from 'pino';
import { config } from './config';

/**
 * Structured JSON logs; secrets are redacted wherever they could appear. Lines are batched (4 KB,
 * or every second) so a log line per request costs no write of its own; `flushLogs()` runs on
 * shutdown and after start-up lines someone may be waiting for.
 */
const destination = pino.destination({ sync: false, minLength: 4096 });

export const logger = pino(
  {
    level: config.logLevel,
    redact: ['password', '*.password', 'passwordHash', '*.twilioAuthToken', 'req.headers.cookie'],
  },
  destination,
);

/**
 * The per-request line carries only method, path, status and time, never a secret, so it skips
 * the redaction walk that every other line pays for (it showed up in the api's profile).
 */
export const requestLogger = pino({ level: config.logLevel }, destination);

setInterval(() => destination.flush(), 1000).unref();

export function flushLogs(): void {
  try {
    destination.flushSync();
  } catch {
    // Nothing buffered, or the stream is still opening: nothing to lose.
  }
}
