import { inject } from 'vitest';

// Runs before each test file is imported, so backend/src/config.ts reads this run's database and prefix.
Object.assign(process.env, {
  NODE_ENV: 'test',
  LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
  ...inject('testEnv'),
});
