/**
 * `@ringcast/backend/testing`: the test helpers that other packages' tests (the worker's jobs) and
 * the benchmarks use. Production code never imports it (the linter says so).
 */
export { TestClient, registeredClient, uniqueEmail } from './client';
export { freePort, spawnApi, spawnProcess, spawnWorker, type Spawned } from './processes';
export { deleteKeys, scanKeys } from './redisKeys';
export { startTwimlServer, type TwimlServer } from './twimlServer';
export { collect, openSocket, waitFor, type TestSocket } from './sockets';
export { lockWaitsHere, untilLockWaits } from './innodb';
export { sessionCookieFor } from './sessions';
export { statisticsMismatch } from './statistics';
export {
  MESSY_CSV,
  MESSY_CSV_CONTACTS,
  MESSY_WORKBOOK_CONTACTS,
  OLD_EXCEL_BYTES,
  messyWorkbook,
  prospectListWithFile,
} from './prospectFiles';
export {
  SHARED_STRINGS_HEAD,
  SHARED_STRINGS_TAIL,
  hugePart,
  part,
  sheetPart,
  workbookParts,
  zipOf,
} from './craftedWorkbooks';
export { AGENT_CAMPAIGN, answeredCall, newCallSid, relayUrl } from './relay';
export { finalStatusEvent } from './callEvents';
export {
  doNotCallCsv,
  doNotCallImportWithFile,
  doNotCallListOwner,
  doNotCallNumber,
  doNotCallNumbers,
} from './doNotCallFiles';
