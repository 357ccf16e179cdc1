import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({ fetchCampaign: vi.fn(), fetchCallActivity: vi.fn() }));
vi.mock('./calls', () => calls);

const { prefetchCampaignPage, readCallActivity, readCampaign } = await import('./campaignPagePrefetch');

describe('the campaign page prefetch', () => {
  beforeEach(() => {
    calls.fetchCampaign.mockReset().mockImplementation((id: number) => Promise.resolve({ id }));
    calls.fetchCallActivity.mockReset().mockResolvedValue({ points: [] });
  });

  it("hands the page the reads it started, once, for that campaign and the chart's opening range", async () => {
    prefetchCampaignPage(7);
    expect(calls.fetchCampaign).toHaveBeenCalledTimes(1);
    expect(calls.fetchCallActivity).toHaveBeenCalledWith(7, 'today');

    await expect(readCampaign(7)).resolves.toEqual({ id: 7 });
    await readCallActivity(7, 'today');
    expect(calls.fetchCampaign).toHaveBeenCalledTimes(1);
    expect(calls.fetchCallActivity).toHaveBeenCalledTimes(1);

    // Used once: a later read (a refresh) asks the server again.
    await readCampaign(7);
    await readCallActivity(7, 'today');
    expect(calls.fetchCampaign).toHaveBeenCalledTimes(2);
    expect(calls.fetchCallActivity).toHaveBeenCalledTimes(2);
  });

  it('reads anew for another campaign or another range', async () => {
    prefetchCampaignPage(7);
    await readCampaign(8);
    expect(calls.fetchCampaign).toHaveBeenLastCalledWith(8);
    await readCallActivity(7, '7d');
    expect(calls.fetchCallActivity).toHaveBeenLastCalledWith(7, '7d');
  });
});
