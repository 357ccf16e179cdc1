import { describe, expect, it } from 'vitest';
import { canOpen, redirectFor } from './routeAccess';

describe('route access', () => {
  it('lets visitors open public pages only', () => {
    expect(canOpen('public', false)).toBe(true);
    expect(canOpen('both', false)).toBe(true);
    expect(canOpen('private', false)).toBe(false);
    expect(redirectFor(false)).toBe('/login');
  });

  it('lets signed-in users open private pages but not sign-in', () => {
    expect(canOpen('private', true)).toBe(true);
    expect(canOpen('both', true)).toBe(true);
    expect(canOpen('public', true)).toBe(false);
    expect(redirectFor(true)).toBe('/');
  });
});
