import { describe, expect, it } from 'vitest';
import type { User } from '@ringcast/shared-types';
import { appTabsFor, isTabActive } from './appTabs';

describe('signed-in tabs', () => {
  const tab = (label: string) => appTabsFor(null).find((t) => t.label === label)!;

  it('marks Stats active only on exactly "/"', () => {
    expect(isTabActive(tab('Stats'), '/')).toBe(true);
    expect(isTabActive(tab('Stats'), '/campaigns')).toBe(false);
  });

  it('marks a tab active for its own path and paths below it', () => {
    expect(isTabActive(tab('Campaigns'), '/campaigns')).toBe(true);
    expect(isTabActive(tab('Campaigns'), '/campaigns/create')).toBe(true);
    expect(isTabActive(tab('Account'), '/accounting')).toBe(false);
  });

  it('counts checkout as part of Campaigns', () => {
    expect(isTabActive(tab('Campaigns'), '/checkout')).toBe(true);
    expect(isTabActive(tab('Account'), '/checkout')).toBe(false);
  });

  it('shows Admin only to administrators', () => {
    const labels = (isAdmin: boolean) => appTabsFor({ isAdmin } as User).map((t) => t.label);
    expect(labels(false)).toEqual(['Stats', 'Campaigns', 'Account', 'Help']);
    expect(labels(true)).toEqual(['Stats', 'Campaigns', 'Account', 'Help', 'Admin']);
  });
});
