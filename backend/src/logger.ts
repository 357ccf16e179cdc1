import { pino } from 'pino';
import { config } from './config';

/** Structured JSON logs; secrets are redacted wherever they could appear. */
export const logger = pino({
  level: config.logLevel,
  redact: ['password', '*.password', 'passwordHash', '*.twilioAuthToken', 'req.headers.cookie'],
});
