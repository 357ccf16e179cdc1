import { describe, expect, it } from 'vitest';
import {
  adminEmailRequiredMessage,
  adminRefusalFor,
  adminRefusalMessage,
  adminRefusalToast,
  hasAdminDomain,
} from './adminAccess';

const DOMAIN = 'ringcast.test';

describe('hasAdminDomain', () => {
  it.each([
    ['ada@ringcast.test', true],
    ['Ada@RingCast.TEST', true],
    ['ada@ringcast.test ', false],
    ['ada@eu.ringcast.test', false],
    ['ada@evilringcast.test', false],
    ['ada@ringcast.test.example.com', false],
    ['ada@ringcast-test', false],
    ['@ringcast.test', false],
    ['ringcast.test', false],
    ['ada@ringcast.tеst', false], // Cyrillic "е"
    ['ada@ringcast.test@example.com', false],
  ])('%j: %s', (email, expected) => {
    expect(hasAdminDomain(email, DOMAIN)).toBe(expected);
  });

  it('reads the domain in any letter case, but never folds a look-alike letter into ASCII', () => {
    expect(hasAdminDomain('ada@ringcast.test', 'RingCast.Test')).toBe(true);
    // U+212A KELVIN SIGN lower-cases to "k" with toLowerCase(); it is not our domain.
    expect(hasAdminDomain('ada@\u212Aing.test', 'king.test')).toBe(false);
  });
});

describe('adminRefusalFor', () => {
  it('lets in an admin of the admin domain', () => {
    expect(adminRefusalFor({ isAdmin: true, email: 'Ada@RingCast.test' }, DOMAIN)).toBeNull();
  });

  it('refuses a non-admin (or nobody) first, whatever the email', () => {
    expect(adminRefusalFor({ isAdmin: false, email: 'ada@ringcast.test' }, DOMAIN)).toBe('notAdmin');
    expect(adminRefusalFor({ isAdmin: false, email: 'ada@example.com' }, DOMAIN)).toBe('notAdmin');
    expect(adminRefusalFor(null, DOMAIN)).toBe('notAdmin');
  });

  it('refuses an admin outside the domain', () => {
    expect(adminRefusalFor({ isAdmin: true, email: 'ada@example.com' }, DOMAIN)).toBe('wrongDomain');
    expect(adminRefusalFor({ isAdmin: true, email: 'ada@evilringcast.test' }, DOMAIN)).toBe('wrongDomain');
  });
});

describe('refusal texts (spec §6)', () => {
  it('the server says which half is missing', () => {
    expect(adminRefusalMessage('notAdmin', DOMAIN)).toBe(
      'Admin access required - only ringcast.test users allowed.',
    );
    expect(adminRefusalMessage('wrongDomain', DOMAIN)).toBe(
      'Admin access restricted to ringcast.test users.',
    );
  });

  it("the /admin page's toasts", () => {
    expect(adminRefusalToast('notAdmin', DOMAIN)).toEqual({
      title: 'Unauthorized',
      description: 'Admin access required - only ringcast.test users allowed. Redirecting...',
    });
    expect(adminRefusalToast('wrongDomain', DOMAIN)).toEqual({
      title: 'Unauthorized Domain',
      description: 'Admin access restricted to ringcast.test users. Redirecting...',
    });
  });

  it('promoting an account outside the domain', () => {
    expect(adminEmailRequiredMessage(DOMAIN)).toBe(
      'Only users with an @ringcast.test email can be made admins',
    );
  });
});
