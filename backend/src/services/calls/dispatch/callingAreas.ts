import { QueryTypes } from 'sequelize';
import { sequelize } from '../../../db/sequelize';
import { callingAreaOf, listOf } from './numberCallingArea';

/** Where prospects may be: their candidate zones and states, as stored once in `calling_areas`. */
export interface CallingArea {
  id: number;
  timeZones: string[];
  states: string[];
}

/** Calling areas are never changed once written, only added: a copy is kept and read again now and then. */
const REREAD_AFTER_MS = 60_000;
let known = new Map<number, CallingArea>();
let readAt = 0;

async function readCallingAreas(): Promise<void> {
  const rows = await sequelize.query<{ id: number; timeZones: string; states: string }>(
    'SELECT id, timeZones, states FROM calling_areas',
    { type: QueryTypes.SELECT },
  );
  known = new Map(
    rows.map((row) => [
      Number(row.id),
      { id: Number(row.id), timeZones: listOf(row.timeZones), states: listOf(row.states) },
    ]),
  );
  readAt = Date.now();
}

/** Every area known, read again when the copy is older than a minute. */
export async function allCallingAreas(): Promise<CallingArea[]> {
  if (Date.now() - readAt > REREAD_AFTER_MS) await readCallingAreas();
  return [...known.values()];
}

/** The areas of these ids (null: none stored), read again when one is not known yet. */
export async function callingAreasOf(ids: readonly (number | null)[]): Promise<Map<number, CallingArea>> {
  if (ids.some((id) => id !== null && !known.has(Number(id)))) await readCallingAreas();
  return known;
}

/**
 * Where a campaign prospect may be, as the calling rules read it: its stored area, or, for rows
 * parsed before the rules existed (no zone stored), the one worked out from the number.
 */
export function prospectCallingArea(
  phoneNumber: string,
  callingAreaId: number | null,
  areas: Map<number, CallingArea>,
): Pick<CallingArea, 'timeZones' | 'states'> {
  const stored = callingAreaId === null ? undefined : areas.get(Number(callingAreaId));
  return stored?.timeZones.length
    ? stored
    : callingAreaOf(phoneNumber, { state: stored?.states.join(',') || null });
}

/**
 * The area of these stored zones and states (comma-separated, as on a prospect), added when new;
 * null when both are unknown.
 */
export async function callingAreaIdOf(timeZone: string | null, state: string | null): Promise<number | null> {
  if (!timeZone && !state) return null;
  const replacements = { timeZones: timeZone ?? '', states: state ?? '' };
  await sequelize.query(
    `INSERT INTO calling_areas (timeZones, states) SELECT :timeZones, :states FROM DUAL
      WHERE NOT EXISTS (SELECT 1 FROM calling_areas WHERE timeZones = :timeZones AND states = :states)
     ON DUPLICATE KEY UPDATE id = id`,
    { replacements },
  );
  const [row] = await sequelize.query<{ id: number }>(
    'SELECT id FROM calling_areas WHERE timeZones = :timeZones AND states = :states',
    { replacements, type: QueryTypes.SELECT },
  );
  return Number(row!.id);
}

/**
 * Adds the areas of a list's prospects `after` < id <= `upTo` not stored yet. Only new ones are
 * inserted, so a list already seen uses up no ids.
 */
export async function addCallingAreasOfList(listId: number, after: number, upTo: number): Promise<void> {
  await sequelize.query(
    `INSERT IGNORE INTO calling_areas (timeZones, states)
     SELECT timeZones, states FROM (
       SELECT DISTINCT IFNULL(CONVERT(timeZone USING ascii), '') AS timeZones,
              IFNULL(CONVERT(state USING ascii), '') AS states
         FROM prospects
        WHERE prospectListId = :listId AND id > :after AND id <= :upTo
          AND (timeZone IS NOT NULL OR state IS NOT NULL)
     ) AS seen
      WHERE NOT EXISTS (SELECT 1 FROM calling_areas ca WHERE ca.timeZones = seen.timeZones AND ca.states = seen.states)`,
    { replacements: { listId, after, upTo } },
  );
}

/** Joins a prospect `p` to its calling area `ca` (none when neither zone nor state is known). */
export const CALLING_AREA_OF_PROSPECT = `LEFT JOIN calling_areas ca
  ON ca.timeZones = IFNULL(CONVERT(p.timeZone USING ascii), '') AND ca.states = IFNULL(CONVERT(p.state USING ascii), '')`;
