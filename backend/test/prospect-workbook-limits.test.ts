import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ProspectList as ProspectListDto } from '@ringcast/shared-types';
import { ProspectList } from '../src/db/models';
import { parseProspectList } from '../src/services/prospectImport/parseProspectList';
import { PROSPECT_FILE_PROBLEMS } from '../src/services/prospectImport/messages';
import { registeredClient } from './helpers/client';
import { prospectListWithFile, uploadFile } from './helpers/prospectFiles';
import { useTestApi } from './helpers/server';
import { waitFor } from './helpers/sockets';
import {
  SHARED_STRINGS_HEAD,
  SHARED_STRINGS_TAIL,
  hugePart,
  part,
  sheetPart,
  workbookParts,
  zipOf,
} from './helpers/craftedWorkbooks';

const MB = 1024 * 1024;
/** The worker's peak resident memory so far (Linux keeps it as VmHWM). */
const peakRssMb = (pid: number) =>
  Number(/VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

const api = useTestApi({ worker: true });

/** Shared strings holding one string of `fillBytes` characters after "Phone". */
const bigString = (fillBytes: number) =>
  hugePart(
    'xl/sharedStrings.xml',
    `${SHARED_STRINGS_HEAD}<si><t>`,
    'A',
    fillBytes,
    `</t></si>${SHARED_STRINGS_TAIL}`,
  );

describe('workbooks that unpack to more than they say', () => {
  it('fails a small upload whose zip directory understates a 300 MB string, and the worker stays small', async () => {
    const strings = await bigString(300 * MB);
    const upload = zipOf(
      workbookParts(sheetPart(['<c r="A2" t="s"><v>1</v></c>']), { ...strings, centralSize: 2_000 }),
    );
    expect(upload.length).toBeLessThan(MB);

    const { client } = await registeredClient(api.baseUrl);
    const res = await uploadFile(client, 'leads.xlsx', upload);
    expect(res.status, res.text).toBe(201);
    const { id } = res.json.prospectList as ProspectListDto;
    const list = await waitFor(
      async () => {
        const found = await ProspectList.findByPk(id);
        return found && found.status !== 'processing' ? found : undefined;
      },
      20_000,
      'the parse',
    );
    expect(list).toMatchObject({ status: 'failed', failureReason: PROSPECT_FILE_PROBLEMS.damagedWorkbook });
    const peak = peakRssMb(api.worker.child.pid!);
    console.info(`worker peak RSS after the 300 MB string: ${peak.toFixed(0)} MB`);
    expect(peak).toBeLessThan(300);
  });

  it('fails a workbook whose local headers and directory disagree', async () => {
    // The local header tells the truth a streaming reader would follow; the directory understates it.
    const strings = await bigString(20 * MB);
    const list = await prospectListWithFile(
      zipOf(workbookParts(sheetPart([]), { ...strings, centralSize: 2_000, localSize: strings.size })),
      '.xlsx',
    );
    expect(await parseProspectList(list.id)).toEqual({
      outcome: 'failed',
      reason: PROSPECT_FILE_PROBLEMS.damagedWorkbook,
    });
  });

  it('fails a cell longer than Excel allows, whether shared, inline or made of rich-text runs', async () => {
    const honest = await bigString(2 * MB);
    const runs = part(
      'xl/sharedStrings.xml',
      `${SHARED_STRINGS_HEAD}<si>${'<r><t>0123456789</t></r>'.repeat(4_000)}</si>${SHARED_STRINGS_TAIL}`,
    );
    const inline = `<c r="A2" t="inlineStr"><is><t>${'B'.repeat(40_000)}</t></is></c>`;
    const phone = part('xl/sharedStrings.xml', SHARED_STRINGS_HEAD + SHARED_STRINGS_TAIL);
    for (const parts of [
      workbookParts(sheetPart(['<c r="A2" t="s"><v>1</v></c>']), honest),
      workbookParts(sheetPart(['<c r="A2" t="s"><v>1</v></c>']), runs),
      workbookParts(sheetPart([inline]), phone),
    ]) {
      const list = await prospectListWithFile(zipOf(parts), '.xlsx');
      expect(await parseProspectList(list.id)).toEqual({
        outcome: 'failed',
        reason: PROSPECT_FILE_PROBLEMS.cellTooLong,
      });
    }
  });

  it('still reads a hand-made workbook with inline strings, numbers and gaps', async () => {
    const strings = part('xl/sharedStrings.xml', SHARED_STRINGS_HEAD + SHARED_STRINGS_TAIL);
    const sheet = sheetPart([
      '<c r="A2"><v>2125550100</v></c><c r="C2" t="inlineStr"><is><t>Ada</t></is></c>',
      '<c r="A3" t="str"><f>A2+1</f><v>2125550101</v></c>',
    ]);
    const list = await prospectListWithFile(zipOf(workbookParts(sheet, strings)), '.xlsx');
    expect(await parseProspectList(list.id)).toMatchObject({ outcome: 'ready', contactCount: 2 });
  });
});
