import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminQuality } from '@ringcast/shared-types';
import { ApiError } from '../api/client';

const api = vi.hoisted(() => ({ fetchCampaignAnalytics: vi.fn(), fetchAdminQuality: vi.fn() }));
vi.mock('../api/analytics', () => api);

const { ADMIN_QUALITY_DAYS, useAdminQualityStore } = await import('./adminQualityStore');
const store = () => useAdminQualityStore.getState();
const quality = (days: number) => ({ days }) as AdminQuality;

describe('adminQualityStore', () => {
  beforeEach(() => {
    store().clear();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.fetchAdminQuality.mockReset();
  });

  it('reads the last 30 days, and keeps them when a later read fails, saying so', async () => {
    api.fetchAdminQuality.mockResolvedValueOnce(quality(30));
    await store().fetch();
    expect(api.fetchAdminQuality).toHaveBeenCalledWith(ADMIN_QUALITY_DAYS);
    expect(store()).toMatchObject({ quality: quality(30), status: 'ready', error: null });

    api.fetchAdminQuality.mockRejectedValueOnce(new ApiError(500, '', 'Internal Server Error'));
    await store().fetch();
    expect(store()).toMatchObject({
      quality: quality(30),
      status: 'ready',
      error: '500: Internal Server Error',
    });
  });

  it('fails with nothing shown, and drops an answer that arrives after a newer read or a sign-out', async () => {
    api.fetchAdminQuality.mockRejectedValueOnce(new ApiError(403, '{"error":"Admins only"}', 'Forbidden'));
    await store().fetch();
    expect(store()).toMatchObject({ quality: null, status: 'error', error: 'Admins only' });

    let answerLate: (value: AdminQuality) => void = () => undefined;
    api.fetchAdminQuality.mockImplementationOnce(() => new Promise((resolve) => (answerLate = resolve)));
    const late = store().fetch();
    store().clear();
    answerLate(quality(30));
    await late;
    expect(store()).toMatchObject({ quality: null, status: 'idle' });
  });
});
