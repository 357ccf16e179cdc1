export const ADMIN_TABS = [
  { key: 'overview', label: 'Overview' },
  { key: 'users', label: 'Users' },
  { key: 'campaigns', label: 'Campaigns' },
  { key: 'payments', label: 'Payments' },
  { key: 'support', label: 'Support' },
  { key: 'do-not-call', label: 'Do-not-call' },
  { key: 'queues', label: 'Queues' },
  // Sandbox mode only (no SMTP_URL): the mail sandbox's catch.
  { key: 'outbox', label: 'Outbox' },
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number]['key'];

/** The tab a `?tab=` value names; Overview for anything else. */
export const adminTabFrom = (value: string | null): AdminTab =>
  ADMIN_TABS.find((tab) => tab.key === value)?.key ?? 'overview';
