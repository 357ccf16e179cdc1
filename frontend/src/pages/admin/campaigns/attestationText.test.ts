import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../components/format';
import { attestationText } from './CampaignDetails';

const owner = { id: 7, firstName: 'Ada', lastName: 'Owner', email: 'ada@example.com', companyName: 'Acme' };
const at = '2026-07-01T12:00:00.000Z';

describe('attestationText', () => {
  it.each([
    [null, '—'],
    [{ userId: 7, at, from: '203.0.113.7' }, `Ticked by Ada Owner on ${formatDateTime(at)} from 203.0.113.7`],
    [{ userId: 7, at, from: null }, `Ticked by Ada Owner on ${formatDateTime(at)}`],
    [
      { userId: 9, at, from: '2001:db8::/64' },
      `Ticked by user #9 on ${formatDateTime(at)} from 2001:db8::/64`,
    ],
  ])('%o reads %s', (listAttestation, text) => {
    expect(attestationText({ owner, listAttestation })).toBe(text);
  });
});
