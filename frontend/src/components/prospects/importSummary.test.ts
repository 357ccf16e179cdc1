import { describe, expect, it } from 'vitest';
import { contactsText, skippedRowsText } from './ImportSummary';

describe('skippedRowsText', () => {
  it('says nothing when every row was imported', () => {
    expect(skippedRowsText({ invalidPhone: 0, duplicate: 0 })).toBeNull();
  });

  it('counts the skipped rows and names each reason that occurred', () => {
    expect(skippedRowsText({ invalidPhone: 1, duplicate: 0 })).toBe('1 row skipped: 1 invalid phone number');
    expect(skippedRowsText({ invalidPhone: 0, duplicate: 3 })).toBe('3 rows skipped: 3 duplicates');
    expect(skippedRowsText({ invalidPhone: 2, duplicate: 1 })).toBe(
      '3 rows skipped: 2 invalid phone numbers, 1 duplicate',
    );
    expect(skippedRowsText({ invalidPhone: 1200, duplicate: 0 })).toBe(
      '1,200 rows skipped: 1,200 invalid phone numbers',
    );
  });
});

describe('contactsText', () => {
  it.each([
    [{ contactCount: 2, doNotCallCount: 0 }, '2 contacts imported'],
    [{ contactCount: 1, doNotCallCount: 0 }, '1 contact imported'],
    [{ contactCount: 2, doNotCallCount: 1 }, '2 contacts, 1 on a do-not-call list'],
    [{ contactCount: 12000, doNotCallCount: 1500 }, '12,000 contacts, 1,500 on a do-not-call list'],
  ])('%o reads %s', (list, text) => {
    expect(contactsText(list)).toBe(text);
  });
});
