import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SandboxMail } from '@ringcast/shared-types';

const api = vi.hoisted(() => ({ fetchSandboxMail: vi.fn() }));
vi.mock('../api/sandboxMail', () => api);

const { OUTBOX_SHOWN, useOutboxStore } = await import('./outboxStore');

const store = () => useOutboxStore.getState();
const mail = (id: number, to = 'ada@example.com'): SandboxMail => ({
  id: `mail_${id}`,
  to: [to],
  from: 'Ringcast <hello@ringcast.test>',
  subject: `Message ${id}`,
  text: 'Hello',
  html: null,
  links: [],
  messageId: null,
  listUnsubscribe: null,
  listUnsubscribePost: null,
  createdAt: `2026-12-0${id}T10:00:00.000Z`,
});

describe('outboxStore', () => {
  beforeEach(() => {
    store().release();
    api.fetchSandboxMail.mockReset().mockResolvedValue([mail(1)]);
  });

  it('reads the list on open, then puts each pushed message on top, once', async () => {
    await store().load('');
    expect(api.fetchSandboxMail).toHaveBeenCalledWith('');
    store().received(mail(2, 'bob@example.com'));
    store().received(mail(2, 'bob@example.com'));
    expect(store().messages?.map((m) => m.id)).toEqual(['mail_2', 'mail_1']);
    expect(api.fetchSandboxMail).toHaveBeenCalledTimes(1);
  });

  it("keeps an address's list to that address's messages", async () => {
    await store().load('ada@example.com');
    store().received(mail(2, 'bob@example.com'));
    store().received(mail(3, 'ada@example.com'));
    expect(store().messages?.map((m) => m.id)).toEqual(['mail_3', 'mail_1']);
  });

  it('ignores pushes while the tab is not on screen, and keeps the latest messages only', async () => {
    store().received(mail(2));
    expect(store().messages).toBeNull();
    api.fetchSandboxMail.mockResolvedValue(Array.from({ length: OUTBOX_SHOWN }, (_, i) => mail(i + 10)));
    await store().load('');
    store().received(mail(2));
    expect(store().messages).toHaveLength(OUTBOX_SHOWN);
    expect(store().messages?.[0]?.id).toBe('mail_2');
  });

  it('keeps the last list when a read fails, and says why', async () => {
    await store().load('');
    api.fetchSandboxMail.mockRejectedValue(new Error('offline'));
    await store().refresh();
    expect(store().messages?.map((m) => m.id)).toEqual(['mail_1']);
    expect(store().error).toBeTruthy();
  });

  it('drops a read answered after the tab closed', async () => {
    let answer: (value: SandboxMail[]) => void = () => {};
    api.fetchSandboxMail.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const reading = store().load('');
    store().release();
    answer([mail(1)]);
    await reading;
    expect(store().messages).toBeNull();
  });
});
