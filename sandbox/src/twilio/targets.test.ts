import { describe, expect, it } from 'vitest';
import { isSocketUnderPublicUrl, isUnderPublicUrl } from './targets';

describe('where the Twilio sandbox may send requests', () => {
  it('requests only URLs on PUBLIC_URL’s origin, within its path', () => {
    const ours = 'https://ringcast.example';
    expect(isUnderPublicUrl('https://ringcast.example/webhooks/twilio/calls/1/status', ours)).toBe(true);
    expect(isUnderPublicUrl('https://RINGCAST.example:443/x?y=1', ours)).toBe(true);
    for (const other of [
      'http://ringcast.example/webhooks',
      'https://ringcast.example:8443/webhooks',
      'https://ringcast.example.evil.example/webhooks',
      'https://evil.example/?https://ringcast.example',
      'https://user:secret@ringcast.example/webhooks',
      'http://127.0.0.1:3599/internal-admin',
      'file:///etc/passwd',
      'not a url',
    ]) {
      expect(isUnderPublicUrl(other, ours), other).toBe(false);
    }
    const underPath = 'http://127.0.0.1:3000/ringcast';
    expect(isUnderPublicUrl('http://127.0.0.1:3000/ringcast/webhooks/x', underPath)).toBe(true);
    expect(isUnderPublicUrl('http://127.0.0.1:3000/ringcast', underPath)).toBe(true);
    expect(isUnderPublicUrl('http://127.0.0.1:3000/ringcast-admin/x', underPath)).toBe(false);
    expect(isUnderPublicUrl('http://127.0.0.1:3000/ringcast/../admin', underPath)).toBe(false);
  });

  it('opens a relay socket only as ws(s) of PUBLIC_URL’s host', () => {
    expect(isSocketUnderPublicUrl('wss://ringcast.example/relay/7?token=t', 'https://ringcast.example')).toBe(
      true,
    );
    expect(isSocketUnderPublicUrl('ws://localhost:3000/relay/7', 'http://localhost:3000')).toBe(true);
    expect(isSocketUnderPublicUrl('ws://ringcast.example/relay/7', 'https://ringcast.example')).toBe(false);
    expect(isSocketUnderPublicUrl('https://ringcast.example/relay/7', 'https://ringcast.example')).toBe(
      false,
    );
    expect(isSocketUnderPublicUrl('ws://localhost:3001/relay/7', 'http://localhost:3000')).toBe(false);
  });
});
