import { adminAuditLogRouter } from './auditLog';
import { adminCampaignsRouter } from './campaigns';
import { adminDoNotCallRouter } from './doNotCall';
import { adminDownloadsRouter } from './downloads';
import { adminInvoicesRouter } from './invoices';
import { adminOverviewRouter } from './overview';
import { adminPaymentsRouter } from './payments';
import { adminQualityRouter } from './quality';
import { adminQueueOverviewRouter } from './queueOverview';
import { adminSandboxMailRouter } from './sandboxMail';
import { adminSandboxBillingRouter } from './sandboxBilling';
import { adminSupportTicketsRouter } from './supportTickets';
import { adminUsersRouter } from './users';

/** Every /api/admin router; each route checks isAdmin and the email domain itself (requireAdmin). */
export const adminRouters = [
  adminOverviewRouter,
  adminQualityRouter,
  adminUsersRouter,
  adminCampaignsRouter,
  adminPaymentsRouter,
  adminInvoicesRouter,
  adminSupportTicketsRouter,
  adminDownloadsRouter,
  adminAuditLogRouter,
  adminDoNotCallRouter,
  adminQueueOverviewRouter,
  adminSandboxMailRouter,
  adminSandboxBillingRouter,
];
