import { QueryTypes } from 'sequelize';
import { sequelize } from '../../../db/sequelize';
import { listOf } from './numberPlace';

/** Where prospects may be: their candidate zones and states, as stored once in `places`. */
export interface Place {
  id: number;
  timeZones: string[];
  states: string[];
}

/** Places are never changed once written, only added: a copy is kept and read again now and then. */
const REREAD_AFTER_MS = 60_000;
let known = new Map<number, Place>();
let readAt = 0;

async function readPlaces(): Promise<void> {
  const rows = await sequelize.query<{ id: number; timeZones: string; states: string }>(
    'SELECT id, timeZones, states FROM places',
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

/** Every place known, read again when the copy is older than a minute. */
export async function allPlaces(): Promise<Place[]> {
  if (Date.now() - readAt > REREAD_AFTER_MS) await readPlaces();
  return [...known.values()];
}

/** The places of these ids (null: none stored), read again when one is not known yet. */
export async function placesOf(ids: readonly (number | null)[]): Promise<Map<number, Place>> {
  if (ids.some((id) => id !== null && !known.has(Number(id)))) await readPlaces();
  return known;
}

/**
 * The place of these stored zones and states (comma-separated, as on a prospect), added when new;
 * null when both are unknown.
 */
export async function placeIdOf(timeZone: string | null, state: string | null): Promise<number | null> {
  if (!timeZone && !state) return null;
  const replacements = { timeZones: timeZone ?? '', states: state ?? '' };
  await sequelize.query(
    `INSERT INTO places (timeZones, states) SELECT :timeZones, :states FROM DUAL
      WHERE NOT EXISTS (SELECT 1 FROM places WHERE timeZones = :timeZones AND states = :states)
     ON DUPLICATE KEY UPDATE id = id`,
    { replacements },
  );
  const [row] = await sequelize.query<{ id: number }>(
    'SELECT id FROM places WHERE timeZones = :timeZones AND states = :states',
    { replacements, type: QueryTypes.SELECT },
  );
  return Number(row!.id);
}

/**
 * Adds the places of a list's prospects `after` < id <= `upTo` not stored yet. Only new ones are
 * inserted, so a list already seen uses up no ids.
 */
export async function addPlacesOfList(listId: number, after: number, upTo: number): Promise<void> {
  await sequelize.query(
    `INSERT IGNORE INTO places (timeZones, states)
     SELECT timeZones, states FROM (
       SELECT DISTINCT IFNULL(CONVERT(timeZone USING ascii), '') AS timeZones,
              IFNULL(CONVERT(state USING ascii), '') AS states
         FROM prospects
        WHERE prospectListId = :listId AND id > :after AND id <= :upTo
          AND (timeZone IS NOT NULL OR state IS NOT NULL)
     ) AS seen
      WHERE NOT EXISTS (SELECT 1 FROM places pl WHERE pl.timeZones = seen.timeZones AND pl.states = seen.states)`,
    { replacements: { listId, after, upTo } },
  );
}

/** Joins a prospect `p` to its place `pl` (none when neither zone nor state is known). */
export const PLACE_OF_PROSPECT = `LEFT JOIN places pl
  ON pl.timeZones = IFNULL(CONVERT(p.timeZone USING ascii), '') AND pl.states = IFNULL(CONVERT(p.state USING ascii), '')`;
