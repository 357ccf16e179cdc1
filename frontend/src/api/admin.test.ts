import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './admin';

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 filename* parameter', () => {
    expect(
      fileNameFromDisposition(`attachment; filename="leads_.csv"; filename*=UTF-8''leads%20m%C3%A4rz.csv`),
    ).toBe('leads märz.csv');
  });

  it('reads a quoted or bare filename', () => {
    expect(fileNameFromDisposition('attachment; filename="my \\"list\\".csv"')).toBe('my "list".csv');
    expect(fileNameFromDisposition('attachment; filename=leads.xlsx')).toBe('leads.xlsx');
  });

  it('answers null without a name', () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('attachment')).toBeNull();
  });
});
