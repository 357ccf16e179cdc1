import * as initial from './0001-initial';
import * as auditLog from './0002-audit-log';
import * as adminIndexes from './0003-admin-indexes';

/** Every migration, in the order they apply. Add new ones at the end. */
export const migrations = [
  { name: '0001-initial', ...initial },
  { name: '0002-audit-log', ...auditLog },
  { name: '0003-admin-indexes', ...adminIndexes },
];
