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
export { createRedis, sharedRedis, closeSharedRedis, redisKey, slotKey, type RedisClient } from './redis';
export { queuePrefix, InvalidJobPayload, closeQueues, enqueue, getQueue, parseJobPayload } from './queues';
export { registerJobSchedulers } from './queues/schedulers';
export { publish, closeBroadcaster } from './events/publish';
export { recheckSocketSessions } from './events/socketMembership';
export { assertServicesReachable } from './lib/serviceChecks';
export { deliverContactMessage } from './services/contact';
export { attemptDelivery, emitCallWebhooks } from './services/webhooks';
export { isPermanentMailError, sendMail } from './services/mail/send';
export { closeMailTransports } from './services/mail/transport';
export { appLink } from './services/mail';
export { renderTemplate } from './services/mail/templates';
export {
  parseProspectList,
  failProspectList,
  type ParseOutcome,
} from './services/prospectImport/parseProspectList';
export { PROSPECT_FILE_PROBLEMS } from './services/prospectImport/messages';
export {
  runDoNotCallImport,
  failDoNotCallImport,
  IMPORT_BATCH_ROWS,
  type ImportOutcome,
} from './services/doNotCallImport';
export { failAbandonedProspectLists } from './services/prospectImport/abandonedLists';
export { sendDueLeadDigests, sendLeadAlerts } from './services/notifications';
export { storage, type FileKind, type FileStorage } from './storage';
export { workerProcessName } from './lib/health';
export { hashPassword } from './lib/passwords';
export { rotateStoredSecrets } from './services/secretRotation';
export { closeNearCaches } from './lib/nearCache';
export { isAdminEmail } from './policies/admin';
export { presentCampaign } from './presenters/campaign';
export { publishCampaign } from './services/campaigns';
export { publishUserUpdated } from './services/userEvents';
export { runCancelCalendarBooking } from './services/calendar';
export { contributionOf, zoneOfProspect } from './services/analytics/contribution';
export { mergedSteps, STAT_TABLES } from './services/analytics/statRows';
