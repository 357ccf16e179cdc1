import { inject } from 'vitest';

// Runs before each test file is imported, so backend/src/config.ts reads this run's database and prefix.
Object.assign(process.env, {
  NODE_ENV: 'test',
  LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
  // Every test user signs up and works from 127.0.0.1: per-address and total limits would trip.
  RATE_LIMIT_SCALE: '100',
  ...inject('testEnv'),
});
