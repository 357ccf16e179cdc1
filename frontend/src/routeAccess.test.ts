import { describe, expect, it } from 'vitest';
import { afterSignIn, canOpen, redirectFor } from './routeAccess';

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

  it('signs a visitor in to the page they were sent from, a path of ours only', () => {
    expect(afterSignIn({ from: '/campaigns/7?call=42' })).toBe('/campaigns/7?call=42');
    expect(afterSignIn(null)).toBe('/');
    expect(afterSignIn({ from: '//evil.example/x' })).toBe('/');
    expect(afterSignIn({ from: 'https://evil.example/' })).toBe('/');
    expect(afterSignIn({ from: 42 })).toBe('/');
  });
});
