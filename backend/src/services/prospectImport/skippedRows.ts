import { Op } from 'sequelize';
import { SKIPPED_ROW_REASON_LABELS } from '@ringcast/shared-types';
import { ProspectSkippedRow, type ProspectList } from '../../db/models';
import { csvLine } from '../../presenters/csv';

/** Rows read from the database at a time, so a long file's download never sits in memory whole. */
const PAGE_SIZE = 1000;

/** The list's skipped rows in file order, a page at a time. */
async function* skippedRowsOf(prospectListId: number): AsyncGenerator<ProspectSkippedRow> {
  let after = 0;
  for (;;) {
    const page = await ProspectSkippedRow.findAll({
      where: { prospectListId, rowIndex: { [Op.gt]: after } },
      order: [['rowIndex', 'ASC']],
      limit: PAGE_SIZE,
    });
    yield* page;
    if (page.length < PAGE_SIZE) return;
    after = page[page.length - 1].rowIndex;
  }
}

const parseCells = (json: string | null | undefined): string[] => {
  const cells: unknown = json ? JSON.parse(json) : [];
  return Array.isArray(cells) ? cells.map((cell) => String(cell ?? '')) : [];
};

/**
 * The skipped rows as CSV lines: a Reason column, then the file's own columns under its own
 * header, so the owner can fix the rows and upload them again.
 */
export async function* skippedRowsCsv(list: ProspectList): AsyncGenerator<string> {
  yield csvLine(['Reason', ...parseCells(list.headerCells)]);
  for await (const row of skippedRowsOf(list.id)) {
    yield csvLine([SKIPPED_ROW_REASON_LABELS[row.reason] ?? row.reason, ...parseCells(row.cells)]);
  }
}

/** "leads.xlsx" -> "leads-skipped-rows.csv". */
export const skippedRowsFileName = (listName: string) =>
  `${listName.replace(/\.(csv|xlsx|xls)$/i, '') || 'prospect-list'}-skipped-rows.csv`;
