import { boolean, number, object, string, type InferType } from 'yup';
import type { Campaign } from '../domain/campaign';
import { SETUP_FLAGS, type SetupFlag } from '../domain/campaign';
import type { User } from '../domain/user';
import { trimmedText } from './fields';
import type { AdminBillingStats } from './billing';

/*
 * The server validates with `stripUnknown`, so a rule about which keys were sent reads the body as
 * it arrived (`originalValue`), and JSON values are never cast: "5" is not a number and "true" is
 * not a boolean (a string sent for either is a client bug, not a value).
 */
const keysSent = (original: unknown) =>
  original && typeof original === 'object' && !Array.isArray(original) ? Object.keys(original) : [];

/** A JSON number, refusing strings that merely look like one. null (an emptied input) takes the default. */
const jsonNumber = () =>
  number().transform((value, original) =>
    original === null ? undefined : typeof original === 'string' ? original : value,
  );

/** A JSON boolean, refusing "true", 1 and the like. */
const jsonBoolean = () => boolean().strict();

export const ADMIN_PAGE_SIZE_DEFAULT = 50;
export const ADMIN_PAGE_SIZE_MAX = 200;
/** Admin list responses are plain arrays (spec §7); the total matching count rides in this header. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** The page of a server-paged list (the admin lists, a campaign's calls). */
export const pagingFields = {
  page: number()
    .typeError('page must be a number')
    .integer('page must be a whole number')
    .min(1, 'page must be at least 1')
    .default(1),
  pageSize: number()
    .typeError('pageSize must be a number')
    .integer('pageSize must be a whole number')
    .min(1, 'pageSize must be at least 1')
    .max(ADMIN_PAGE_SIZE_MAX, `pageSize must be at most ${ADMIN_PAGE_SIZE_MAX}`)
    .default(ADMIN_PAGE_SIZE_DEFAULT),
};

/** Query of every admin list: the search box's text and the page. */
export const adminListQuerySchema = object({
  q: trimmedText().max(200, 'Search text must be at most 200 characters').optional(),
  ...pagingFields,
});
export type AdminListQuery = InferType<typeof adminListQuerySchema>;

const count = (label: string) =>
  jsonNumber()
    .typeError(`${label} must be a number`)
    .integer(`${label} must be a whole number`)
    .min(0, `${label} must not be negative`)
    .max(1_000_000_000, `${label} is too large`)
    .default(0);

/** PUT /api/admin/campaigns/:campaignId/stats. Each value defaults to 0. */
export const updateCampaignStatsSchema = object({
  totalCalls: count('Total calls'),
  successfulCalls: count('Successful calls').test(
    'not-above-total',
    'Successful calls cannot exceed total calls',
    function (value) {
      const total: unknown = this.parent.totalCalls;
      // A total that is itself invalid reports its own problem.
      if (typeof total !== 'number' || !Number.isInteger(total) || total < 0) return true;
      return (value ?? 0) <= total;
    },
  ),
  totalCost: jsonNumber()
    .typeError('Total cost must be a number')
    .min(0, 'Total cost must not be negative')
    .max(99_999_999.99, 'Total cost is too large')
    .test('cents', 'Total cost can have at most 2 decimals', (value) =>
      value === undefined ? true : Math.abs(Math.round(value * 100) - value * 100) < 1e-6,
    )
    .default(0),
});
export type UpdateCampaignStatsInput = InferType<typeof updateCampaignStatsSchema>;

export const ONE_SETUP_FLAG_MESSAGE = `Send exactly one setup flag: one of ${SETUP_FLAGS.join(', ')}`;

/**
 * PUT /api/admin/campaigns/:campaignId/setup: exactly one setup flag name with a boolean, as in
 * `{ "setupScriptsReviewed": true }`.
 */
export const updateSetupFlagSchema = object(
  Object.fromEntries(
    SETUP_FLAGS.map((flag) => [flag, jsonBoolean().typeError('The setup flag must be true or false')]),
  ) as Record<SetupFlag, ReturnType<typeof jsonBoolean>>,
).test('one-flag', ONE_SETUP_FLAG_MESSAGE, function () {
  const keys = keysSent(this.originalValue);
  return keys.length === 1 && (SETUP_FLAGS as readonly string[]).includes(keys[0]!);
});
export type UpdateSetupFlagInput = Partial<Record<SetupFlag, boolean>>;

export const ADMIN_EDITABLE_USER_FIELDS = [
  'firstName',
  'lastName',
  'companyName',
  'phoneNumber',
  'isAdmin',
] as const;

/** PUT /api/admin/users/:userId: the fields an admin may change; any other field is refused. */
export const adminUpdateUserSchema = object({
  firstName: trimmedText()
    .min(1, 'First name is required')
    .max(100, 'First name must be at most 100 characters'),
  lastName: trimmedText()
    .min(1, 'Last name is required')
    .max(100, 'Last name must be at most 100 characters'),
  companyName: trimmedText().max(200, 'Company name must be at most 200 characters').nullable(),
  phoneNumber: trimmedText().max(40, 'Phone number must be at most 40 characters').nullable(),
  isAdmin: jsonBoolean().typeError('isAdmin must be true or false'),
})
  .test('allow-list', function () {
    const unknown = keysSent(this.originalValue).filter(
      (key) => !(ADMIN_EDITABLE_USER_FIELDS as readonly string[]).includes(key),
    );
    return unknown.length === 0
      ? true
      : this.createError({
          message: `These fields cannot be changed here: ${unknown.join(', ')}. Allowed: ${ADMIN_EDITABLE_USER_FIELDS.join(', ')}`,
        });
  })
  .test('not-empty', 'Send at least one field to change', function () {
    return keysSent(this.originalValue).length > 0;
  });
export type AdminUpdateUserInput = InferType<typeof adminUpdateUserSchema>;

/** A user as the admin Users tab lists it. The Twilio token is masked, as everywhere. */
export type AdminUser = User;

/** A campaign as the admin Campaigns tab lists it: with its owner. */
export interface AdminCampaign extends Campaign {
  owner: { id: number; firstName: string; lastName: string; email: string; companyName: string | null };
  /**
   * The stored name of the campaign's prospect-list file: the key of its admin download
   * (`prospectListFile` is the name it was uploaded under). Null without an uploaded list.
   */
  prospectListStoredName: string | null;
  /** The names the agent documents were uploaded under, keyed by their stored names. */
  agentDocumentNames: Record<string, string>;
  /**
   * The owner's step-2 attestation about an uploaded list: who ticked a box, when (ISO) and from
   * which address (an IPv4 address or an IPv6 /64). Null when never ticked.
   */
  listAttestation: { userId: number; at: string; from: string | null } | null;
}

/** GET /api/admin/overview: the Overview tab's figures, computed on the server. */
export interface AdminOverview {
  totalUsers: number;
  totalCalls: number;
  successfulCalls: number;
  /** Cents of succeeded payments. */
  totalRevenueCents: number;
  /** successfulCalls / totalCalls in percent, 1 decimal; 0 without calls. */
  successRate: number;
  recentCampaigns: AdminCampaign[];
  openTickets: number;
  runningCampaigns: number;
  /** Active campaigns whose number we buy, still waiting for one (none available in its area code). */
  waitingForNumber: number;
  /** Calls queued, ringing or talking now, in all and per campaign (only campaigns with any). */
  callsInFlight: { total: number; byCampaign: Record<string, number> };
  system: SystemStatus;
  /** Monthly recurring revenue, campaigns past due, cancellations this month. */
  billing: AdminBillingStats;
}

export interface SystemStatus {
  /** 'Healthy' when every check passes. */
  status: 'Healthy' | 'Degraded';
  checks: { name: 'database' | 'redis' | 'worker'; ok: boolean; detail: string }[];
}

export const DOWNLOAD_KINDS = ['prospect-list', 'agent-document'] as const;
export type DownloadKind = (typeof DOWNLOAD_KINDS)[number];

/**
 * GET /api/admin/download/prospect-list/:fileName: a copy in which no cell runs as a formula
 * (cells starting with = + - @ get an apostrophe; a workbook keeps values, not formulas), or with
 * `original=true` the file exactly as uploaded.
 */
export const adminDownloadQuerySchema = object({
  original: boolean().default(false),
});
export type AdminDownloadQuery = InferType<typeof adminDownloadQuerySchema>;

export const DOWNLOAD_MESSAGES = {
  originalWarning:
    'The original file is exactly as the customer uploaded it. A spreadsheet program may run formulas ' +
    'in it (links, commands): open it only in a text editor or with formulas disabled.',
  originalOnly:
    'An Excel 97-2003 file (.xls) cannot be checked for formulas. Download the original and open it with care.',
} as const;

/** GET /api/config (public): what the web app needs to know about this deployment. */
export interface AppConfig {
  /** Admins' email domain, named in the /admin guard's messages. */
  adminEmailDomain: string;
  /** The product demo video (DEMO_VIDEO_URL), or null when there is none to link to. */
  demoVideoUrl: string | null;
  /**
   * A provider (payments, calls, scripts, email) runs on the local sandbox instead of the real service:
   * every page shows the "Sandbox mode" badge.
   */
  sandbox: boolean;
  /** Mail is caught by the mail sandbox (no SMTP_URL): admins read it on the Outbox tab. */
  mailSandbox: boolean;
}

/** GET /api/admin/audit-log: one record's history (entityType and entityId) or every change, newest first. */
export const auditLogQuerySchema = adminListQuerySchema.pick(['page', 'pageSize']).shape({
  entityType: string().trim().max(32, 'entityType must be at most 32 characters').optional(),
  entityId: string().trim().max(64, 'entityId must be at most 64 characters').optional(),
});
export type AuditLogQuery = InferType<typeof auditLogQuerySchema>;

/** One admin change (or file download): who, what, when, and the changed fields before and after. */
export interface AuditLogEntry {
  id: number;
  /** Null once the acting admin's account is gone; actorEmail keeps who it was. */
  actorUserId: number | null;
  actorEmail: string;
  /** `ticket.update`, `campaign.stats`, `campaign.setup`, `user.update` or `file.download`. */
  action: string;
  entityType: string;
  entityId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
}
