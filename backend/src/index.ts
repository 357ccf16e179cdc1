/**
 * What the worker and scripts may use: models, services and infrastructure, never HTTP routes.
 * Payments and script writing have entries of their own (`@ringcast/backend/payments`,
 * `@ringcast/backend/scriptWriting`) so that only a process running those jobs loads the Stripe or
 * OpenAI SDK.
 */
export { config, loadConfig } from './config';
export { logger, flushLogs } from './logger';
export { sequelize } from './db/sequelize';
export { migrateDatabase } from './db/migrate';
export * from './db/models';
export { createRedis, sharedRedis, closeSharedRedis, redisKey } from './redis';
export { QUEUE_PREFIX, DEFAULT_JOB_OPTIONS, enqueue, closeQueues } from './queues';
export { publish, closeBroadcaster } from './events/publish';
export { assertServicesReachable } from './services/serviceChecks';
export { deliverContactMessage } from './services/contact';
export {
  parseProspectList,
  failProspectList,
  type ParseOutcome,
} from './services/prospectImport/parseProspectList';
export { PROSPECT_FILE_PROBLEMS } from './services/prospectImport/messages';
export { failAbandonedProspectLists } from './services/prospectImport/abandonedLists';
export { storage, type FileKind, type FileStorage } from './storage';
export { WORKER_HEARTBEAT_TTL_SECONDS, workerHeartbeatKey } from './services/health';
export { hashPassword } from './services/passwords';
export { closeNearCaches } from './services/nearCache';
export { isAdminEmail } from './policies/admin';
export { presentCampaign } from './presenters/campaign';
export { publishCampaign } from './services/campaigns';
