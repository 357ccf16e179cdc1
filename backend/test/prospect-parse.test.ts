import { afterAll, describe, expect, it } from 'vitest';
import { Prospect, ProspectList, ProspectSkippedRow } from '../src/db/models';
import { storage } from '../src/storage';
import { parseProspectList } from '../src/services/prospectImport/parseProspectList';
import { PROSPECT_FILE_PROBLEMS } from '../src/services/prospectImport/messages';
import { closeBroadcaster } from '../src/events/publish';
import {
  MESSY_CSV,
  MESSY_CSV_CONTACTS,
  MESSY_WORKBOOK_CONTACTS,
  OLD_EXCEL_BYTES,
  messyWorkbook,
  prospectListWithFile,
} from './helpers/prospectFiles';

afterAll(async () => {
  await closeBroadcaster();
});

const skippedRowsOf = async (list: ProspectList) =>
  (
    await ProspectSkippedRow.findAll({ where: { prospectListId: list.id }, order: [['rowIndex', 'ASC']] })
  ).map((row) => [row.reason, JSON.parse(row.cells) as string[]]);

const phonesOf = async (list: ProspectList) =>
  (await Prospect.findAll({ where: { prospectListId: list.id }, order: [['phoneNumber', 'ASC']] })).map(
    (p) => p.phoneNumber,
  );

describe('parseProspectList', () => {
  it('reads a messy CSV: finds the columns, normalises phones, drops invalid and repeated rows', async () => {
    const list = await prospectListWithFile(MESSY_CSV, '.csv');
    const result = await parseProspectList(list.id);
    // Blank lines and the all-empty ",," row are not rows; two have no valid number, one repeats Ada's.
    expect(result).toMatchObject({
      outcome: 'ready',
      contactCount: MESSY_CSV_CONTACTS,
      duplicates: 1,
      invalid: 2,
    });
    await list.reload();
    expect(list.status).toBe('ready');
    expect(list.contactCount).toBe(MESSY_CSV_CONTACTS);
    expect(list).toMatchObject({ skippedInvalidPhone: 2, skippedDuplicate: 1 });
    expect(JSON.parse(list.headerCells!)).toEqual(['Full Name', 'Phone Number', 'E-mail']);
    expect(await skippedRowsOf(list)).toEqual([
      ['invalid_phone', ['No Number', '', 'none@example.com']],
      ['invalid_phone', ['Bad Number', '555-0100', 'bad@example.com']],
      ['duplicate', ['Ada Again', '+1 212 555 0100', 'ada2@example.com']],
    ]);
    expect(await phonesOf(list)).toEqual(['+12125550100', '+12125550101', '+14155552671', '+442079460958']);
    const grace = await Prospect.findOne({ where: { prospectListId: list.id, phoneNumber: '+12125550101' } });
    expect(grace).toMatchObject({ name: 'Hopper, Grace', email: null });
    const ada = await Prospect.findOne({ where: { prospectListId: list.id, phoneNumber: '+12125550100' } });
    expect(ada).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com' });
  });

  it('reads semicolon-separated, Latin-1 files', async () => {
    const csv = Buffer.from('Name;Téléphone;Mobile\r\nJosé Müller;;+33 6 12 34 56 78\r\n', 'latin1');
    const list = await prospectListWithFile(csv, '.csv');
    expect(await parseProspectList(list.id)).toMatchObject({ outcome: 'ready', contactCount: 1 });
    const [prospect] = await Prospect.findAll({ where: { prospectListId: list.id } });
    expect(prospect).toMatchObject({ phoneNumber: '+33612345678', name: 'José Müller' });
  });

  it('reads an Excel workbook with first and last names and numbers stored as numbers', async () => {
    const list = await prospectListWithFile(await messyWorkbook(), '.xlsx');
    const result = await parseProspectList(list.id);
    expect(result).toMatchObject({
      outcome: 'ready',
      contactCount: MESSY_WORKBOOK_CONTACTS,
      duplicates: 1,
      invalid: 1,
    });
    expect(await phonesOf(list)).toEqual(['+12125550100', '+12125550101', '+14155552671', '+442079460958']);
    const grace = await Prospect.findOne({ where: { prospectListId: list.id, phoneNumber: '+12125550101' } });
    expect(grace).toMatchObject({ name: 'Grace Hopper', email: 'grace@example.com' });
    const alan = await Prospect.findOne({ where: { prospectListId: list.id, phoneNumber: '+442079460958' } });
    expect(alan).toMatchObject({ name: 'Alan Turing', email: 'alan@example.com' });
  });

  it('a retried job stores nothing twice', async () => {
    const list = await prospectListWithFile(MESSY_CSV, '.csv');
    await parseProspectList(list.id);
    // Finished lists are left alone...
    expect(await parseProspectList(list.id)).toEqual({ outcome: 'skipped', why: 'finished' });
    // ...and an attempt that died after storing rows but before finishing is simply run again.
    await ProspectList.update({ status: 'processing' }, { where: { id: list.id } });
    expect(await parseProspectList(list.id)).toMatchObject({
      outcome: 'ready',
      contactCount: MESSY_CSV_CONTACTS,
    });
    expect(await Prospect.count({ where: { prospectListId: list.id } })).toBe(MESSY_CSV_CONTACTS);
    expect(await ProspectSkippedRow.count({ where: { prospectListId: list.id } })).toBe(3);
    expect(await list.reload()).toMatchObject({ skippedInvalidPhone: 2, skippedDuplicate: 1 });
  });

  it('fails a file without a phone column, with a reason the user can act on', async () => {
    const list = await prospectListWithFile('Name,Email\nAda,ada@example.com\n', '.csv');
    expect(await parseProspectList(list.id)).toEqual({
      outcome: 'failed',
      reason: PROSPECT_FILE_PROBLEMS.noPhoneColumn,
    });
    await list.reload();
    expect(list).toMatchObject({
      status: 'failed',
      contactCount: 0,
      failureReason: 'No phone number column found. Name a column "Phone".',
    });
  });

  it('fails a file whose phone column holds no valid number', async () => {
    const list = await prospectListWithFile('Phone\n123\nnone\n', '.csv');
    expect(await parseProspectList(list.id)).toEqual({
      outcome: 'failed',
      reason: PROSPECT_FILE_PROBLEMS.noValidPhones,
    });
    // A failed list keeps no rows of either kind.
    expect(await ProspectSkippedRow.count({ where: { prospectListId: list.id } })).toBe(0);
  });

  it('fails an Excel 97-2003 workbook and a damaged workbook', async () => {
    const old = await prospectListWithFile(OLD_EXCEL_BYTES, '.xls');
    expect(await parseProspectList(old.id)).toEqual({
      outcome: 'failed',
      reason: PROSPECT_FILE_PROBLEMS.oldExcel,
    });
    const damaged = await prospectListWithFile(
      Buffer.concat([(await messyWorkbook()).subarray(0, 600), Buffer.alloc(600)]),
      '.xlsx',
    );
    expect(await parseProspectList(damaged.id)).toEqual({
      outcome: 'failed',
      reason: PROSPECT_FILE_PROBLEMS.unreadable,
    });
  });

  it('fails a list whose file is gone, and skips a list that is gone', async () => {
    const list = await prospectListWithFile(MESSY_CSV, '.csv');
    await storage.remove('prospect-list', list.storedFileName);
    expect(await parseProspectList(list.id)).toEqual({
      outcome: 'failed',
      reason: PROSPECT_FILE_PROBLEMS.missing,
    });
    expect(await parseProspectList(99_999_999)).toEqual({ outcome: 'skipped', why: 'missing' });
  });
});
