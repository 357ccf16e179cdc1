import { describe, expect, it } from 'vitest';
import { formatPhone, isE164Phone, isValidPhone, toE164 } from './phone';

describe('toE164', () => {
  it('reads US numbers without a country code as +1', () => {
    expect(toE164('(212) 555-0100')).toBe('+12125550100');
    expect(toE164('212.555.0199')).toBe('+12125550199');
    expect(toE164('2125550100')).toBe('+12125550100');
    expect(toE164(' 1 (415) 555 2671 ')).toBe('+14155552671');
    expect(toE164('212-555-0100 x123')).toBe('+12125550100');
    expect(toE164('+1 212 555 0100')).toBe('+12125550100');
  });

  it('keeps international numbers in E.164', () => {
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
    expect(toE164('0044 7911 123456')).toBe('+447911123456');
    expect(toE164('447911123456')).toBe('+447911123456');
    // Short, behind an international prefix: not taken for a short US number.
    expect(toE164('00 683 4002')).toBe('+6834002');
    expect(toE164('011 683 4002')).toBe('+6834002');
  });

  it('drops what is not a valid number', () => {
    for (const bad of [
      '',
      '   ',
      '555-0100',
      '12345',
      '+1 999 555 0100',
      '+1 200 555 0100',
      'call me',
      'n/a',
      '1'.repeat(50),
    ]) {
      expect(toE164(bad), bad).toBeNull();
    }
  });
});

describe('isValidPhone (a form field)', () => {
  it.each([
    ['+1 (415) 555-0123', true],
    ['(415) 555-0123', true],
    ['415.555.0123', true],
    ['4155550123', true],
    ['+44 20 7946 0000', true],
    ['+14155550123', true],
    // Seven digits were once enough; without an area code no one can call it.
    ['555-0100', false],
    ['1234567', false],
    ['+1 999 555 0100', false],
    ['call me', false],
    // Only digits and separators, as the field always allowed: no extension or trailing words.
    ['415-555-0123 x12', false],
    ['+14155550123abc', false],
  ])('%j: %s', (text, expected) => {
    expect(isValidPhone(text)).toBe(expected);
  });
});

describe('isE164Phone (a Twilio number)', () => {
  it.each([
    ['+14155550123', true],
    ['+442079460958', true],
    ['4155550123', false],
    ['+1 415 555 0123', false],
    ['+19995550100', false],
    ['+1415555012', false],
  ])('%j: %s', (text, expected) => {
    expect(isE164Phone(text)).toBe(expected);
  });
});

describe('formatPhone', () => {
  it('writes US numbers the national way and others the international way', () => {
    expect(formatPhone('+12125550100')).toBe('(212) 555-0100');
    expect(formatPhone('212.555.0100')).toBe('(212) 555-0100');
    expect(formatPhone('+442079460958')).toBe('+44 20 7946 0958');
  });

  it('shows text that is not a number as it is', () => {
    expect(formatPhone('call me')).toBe('call me');
    expect(formatPhone('555-0100')).toBe('555-0100');
  });
});
