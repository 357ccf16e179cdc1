import { describe, expect, it } from 'vitest';
import { csvLine, neutraliseCell } from './csv';

describe('neutraliseCell', () => {
  it('keeps a spreadsheet from reading a formula', () => {
    for (const formula of ['=1+1', '+SUM(A1)', '-1+cmd|x', '@SUM(A1)', '\t=1', '\r=1', '=HYPERLINK("x")'])
      expect(neutraliseCell(formula)).toBe(`'${formula}`);
  });

  it('leaves phone numbers and plain numbers as they are', () => {
    for (const value of ['+15035550157', '+1 (503) 555-0157', '+44 20 7946 0958', '-2', '-12.50', 42])
      expect(neutraliseCell(value)).toBe(String(value));
  });

  it('writes one RFC 4180 line', () => {
    expect(csvLine(['a,b', 'say "hi"', null, '+15035550157', '=1'])).toBe(
      `"a,b","say ""hi""",,+15035550157,'=1\r\n`,
    );
  });
});
