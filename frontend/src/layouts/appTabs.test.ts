import { describe, expect, it } from 'vitest';
import type { User } from '@ringcast/shared-types';
import { appTabsFor, isTabActive } from './appTabs';

describe('signed-in tabs', () => {
  it('marks Stats active only on exactly "/"', () => {
    expect(isTabActive('/', '/')).toBe(true);
    expect(isTabActive('/', '/campaigns')).toBe(false);
  });

  it('marks a tab active for its own path and paths below it', () => {
    expect(isTabActive('/campaigns', '/campaigns')).toBe(true);
    expect(isTabActive('/campaigns', '/campaigns/create')).toBe(true);
    expect(isTabActive('/account', '/accounting')).toBe(false);
  });

  it('shows Admin only to administrators', () => {
    const labels = (isAdmin: boolean) => appTabsFor({ isAdmin } as User).map((t) => t.label);
    expect(labels(false)).toEqual(['Stats', 'Campaigns', 'Account', 'Help']);
    expect(labels(true)).toEqual(['Stats', 'Campaigns', 'Account', 'Help', 'Admin']);
  });
});
