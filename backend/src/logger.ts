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

setInterval(() => destination.flush(), 1000).unref();

export function flushLogs(): void {
  try {
    destination.flushSync();
  } catch {
    // Nothing buffered, or the stream is still opening: nothing to lose.
  }
}
