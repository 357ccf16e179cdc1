import { describe, expect, it } from 'vitest';
import { checkProspectFile, prospectFileExtension, PROSPECT_FILE_MAX_BYTES } from './prospectLists';

describe('prospect file rule', () => {
  it('accepts .csv, .xlsx and .xls in any case', () => {
    expect(prospectFileExtension('leads.CSV')).toBe('.csv');
    expect(prospectFileExtension('my.leads.xlsx')).toBe('.xlsx');
    expect(prospectFileExtension('old.Xls')).toBe('.xls');
    expect(prospectFileExtension('leads.csv.png')).toBeNull();
    expect(prospectFileExtension('csv')).toBeNull();
  });

  it('checks the type before the size, with the spec messages', () => {
    expect(checkProspectFile({ name: 'photo.png', size: PROSPECT_FILE_MAX_BYTES + 1 })).toMatchObject({
      ok: false,
      title: 'Invalid File Type',
      description: 'Please upload a CSV or Excel file (.csv, .xlsx, .xls)',
    });
    expect(checkProspectFile({ name: 'big.csv', size: PROSPECT_FILE_MAX_BYTES + 1 })).toMatchObject({
      ok: false,
      title: 'File Too Large',
      description: 'File size must be less than 10MB',
    });
    expect(checkProspectFile({ name: 'ok.csv', size: PROSPECT_FILE_MAX_BYTES })).toEqual({
      ok: true,
      extension: '.csv',
    });
  });
});
