import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readCsvRowBatches, readCsvRows } from './csvRows';

const collect = async <T>(items: AsyncIterable<T>) => {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
};

/** A file handed over in small chunks, as a disk read would in larger ones. */
const chunked = (text: string, size: number) =>
  Readable.from(
    Array.from({ length: Math.ceil(text.length / size) }, (_, i) =>
      Buffer.from(text.slice(i * size, (i + 1) * size)),
    ),
  );

describe('readCsvRowBatches', () => {
  it('hands over every row once, in order, in the batches the parser has ready', async () => {
    const lines = Array.from({ length: 5000 }, (_, i) => `Name ${i};(212) 555-${String(i).padStart(4, '0')}`);
    const batches = await collect(
      readCsvRowBatches(chunked(`Name;Phone\r\n${lines.join('\r\n')}\r\n`, 4096)),
    );
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.every((batch) => batch.length > 0)).toBe(true);
    const rows = batches.flat();
    expect(rows).toHaveLength(5001);
    expect(rows[0]).toEqual(['Name', 'Phone']);
    expect(rows[4321]).toEqual(['Name 4320', '(212) 555-4320']);
    expect(rows.at(-1)).toEqual(['Name 4999', '(212) 555-4999']);
  });

  it('fails with the error of the file it reads', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.from('Phone\n2125550100\n'));
        this.destroy(Object.assign(new Error('gone'), { code: 'EIO' }));
      },
    });
    await expect(collect(readCsvRowBatches(failing))).rejects.toThrow('gone');
  });

  it('ends after a file read in one piece whose last line is complete', async () => {
    const rows = await collect(
      readCsvRows(Readable.from([Buffer.from('\ufeffPhone;Name\r\n2125550100;Ann\r\n')])),
    );
    expect(rows).toEqual([
      ['Phone', 'Name'],
      ['2125550100', 'Ann'],
    ]);
  });

  it('reads an empty file as no rows, and the rows one at a time as before', async () => {
    expect(await collect(readCsvRowBatches(Readable.from([])))).toEqual([]);
    expect(await collect(readCsvRows(chunked(' a , b \n\n c,d', 3)))).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });
});
