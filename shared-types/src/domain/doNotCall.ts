/** How a number reached a do-not-call list. */
export const DO_NOT_CALL_SOURCES = ['key_press', 'agent', 'manual', 'upload', 'admin'] as const;
export type DoNotCallSource = (typeof DO_NOT_CALL_SOURCES)[number];

export interface DoNotCallEntry {
  /** E.164. */
  phoneNumber: string;
  reason: string | null;
  source: DoNotCallSource;
  createdAt: string;
}
