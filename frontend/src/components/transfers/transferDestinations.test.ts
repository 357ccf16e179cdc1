import { describe, expect, it } from 'vitest';
import { MAX_TRANSFER_DESTINATIONS, TRANSFER_MESSAGES } from '@ringcast/shared-types';
import {
  defaultTransferHours,
  emptyDestination,
  normalizedDestinations,
  transferDestinationsProblem,
} from './transferDestinations';

const sales = { label: 'Sales', phoneNumber: '+12125550100', hours: null };

describe('normalizedDestinations', () => {
  it('writes a number as people type it in E.164 and trims the label', () => {
    expect(
      normalizedDestinations([{ label: ' Sales ', phoneNumber: ' (212) 555-0100 ', hours: null }]),
    ).toEqual([sales]);
  });

  it('keeps a number that does not read as one, for the schema to name, and drops a blank row', () => {
    expect(normalizedDestinations([{ ...sales, phoneNumber: '555' }, emptyDestination()])).toEqual([
      { ...sales, phoneNumber: '555' },
    ]);
  });
});

describe('transferDestinationsProblem', () => {
  it('accepts none, and numbers with or without hours', () => {
    expect(transferDestinationsProblem([])).toBeNull();
    expect(
      transferDestinationsProblem([
        sales,
        { ...sales, label: 'Support', hours: defaultTransferHours('UTC') },
      ]),
    ).toBeNull();
  });

  it('names the first problem in the shared words', () => {
    expect(transferDestinationsProblem([{ ...sales, label: '' }])).toBe(TRANSFER_MESSAGES.label);
    expect(transferDestinationsProblem([{ ...sales, phoneNumber: '(212) 555-0100' }])).toBe(
      TRANSFER_MESSAGES.phone,
    );
    expect(
      transferDestinationsProblem([{ ...sales, hours: { ...defaultTransferHours('UTC'), days: [] } }]),
    ).toBe(TRANSFER_MESSAGES.days);
    expect(
      transferDestinationsProblem([{ ...sales, hours: { ...defaultTransferHours('UTC'), to: '08:00' } }]),
    ).toBe(TRANSFER_MESSAGES.order);
    expect(
      transferDestinationsProblem(
        Array.from({ length: MAX_TRANSFER_DESTINATIONS + 1 }, (_, i) => ({ ...sales, label: `Desk ${i}` })),
      ),
    ).toBe(TRANSFER_MESSAGES.count);
  });
});
