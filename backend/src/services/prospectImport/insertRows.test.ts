import { escape } from 'mysql2';
import { describe, expect, it } from 'vitest';
import { prospectValues } from './insertRows';

describe('prospectValues', () => {
  it("writes a prospect's row as mysql2 escapes each value", () => {
    const createdAt = "'2026-12-08 09:30:00'";
    const rows = [
      {
        phoneNumber: '+12125550100',
        name: 'Ann Lee',
        email: 'ann@example.com',
        timeZone: 'America/New_York',
        state: 'NY',
      },
      { phoneNumber: '+12125550101', name: null, email: null, timeZone: null, state: null },
      {
        phoneNumber: '+12125550102',
        name: 'O\'Brien \\ "Bo"',
        email: 'a\tb\nc\rd\0e\x1af',
        timeZone: 'A,B',
        state: 'IL',
      },
    ];
    for (const row of rows) {
      const { phoneNumber, name, email, timeZone, state } = row;
      const expected = [
        7,
        ...[phoneNumber, name, email, timeZone, state].map((v) => escape(v)),
        createdAt,
      ].join(',');
      expect(prospectValues(7, row, createdAt)).toBe(expected);
    }
  });
});
