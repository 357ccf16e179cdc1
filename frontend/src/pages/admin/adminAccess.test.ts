import { describe, expect, it } from 'vitest';
import { adminAccessFor } from './adminAccess';

describe('adminAccessFor', () => {
  it('lets in an admin of the admin domain, in any letter case', () => {
    expect(adminAccessFor({ isAdmin: true, email: 'Ada@RingCast.test' }, 'ringcast.test')).toEqual({
      allowed: true,
    });
  });

  it("refuses a non-admin with 'Unauthorized', whatever the email", () => {
    expect(adminAccessFor({ isAdmin: false, email: 'ada@ringcast.test' }, 'ringcast.test')).toEqual({
      allowed: false,
      title: 'Unauthorized',
      description: 'Admin access required - only ringcast.test users allowed. Redirecting...',
    });
    expect(adminAccessFor(null, 'ringcast.test')).toMatchObject({ title: 'Unauthorized' });
  });

  it("refuses an admin outside the domain with 'Unauthorized Domain' (a look-alike domain too)", () => {
    const expected = {
      allowed: false,
      title: 'Unauthorized Domain',
      description: 'Admin access restricted to ringcast.test users. Redirecting...',
    };
    expect(adminAccessFor({ isAdmin: true, email: 'ada@example.com' }, 'ringcast.test')).toEqual(expected);
    expect(adminAccessFor({ isAdmin: true, email: 'ada@evilringcast.test' }, 'ringcast.test')).toEqual(
      expected,
    );
  });
});
