import { pino } from 'pino';
import { config } from './config';

/**
 * Structured JSON logs; secrets are redacted wherever they could appear. Writes are asynchronous
 * so a log line per request does not block the event loop.
 */
export const logger = pino(
  {
    level: config.logLevel,
    redact: ['password', '*.password', 'passwordHash', '*.twilioAuthToken', 'req.headers.cookie'],
  },
  pino.destination({ sync: false }),
);
