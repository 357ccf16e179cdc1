import type { QueryInterface } from 'sequelize';

/**
 * The zones and states a prospect may be in were a "place" (`places`, `placeId`), a word that also
 * reads as placing a call; they are a calling area. Renames only: InnoDB changes no row for them.
 */
export async function up({ context: qi }: { context: QueryInterface }) {
  await qi.sequelize.query('RENAME TABLE places TO calling_areas');
  await qi.sequelize.query(
    'ALTER TABLE calling_areas RENAME INDEX places_zones_states TO calling_areas_zones_states',
  );
  await qi.sequelize.query('ALTER TABLE campaign_prospects RENAME COLUMN placeId TO callingAreaId');
}

export async function down({ context: qi }: { context: QueryInterface }) {
  await qi.sequelize.query('ALTER TABLE campaign_prospects RENAME COLUMN callingAreaId TO placeId');
  await qi.sequelize.query(
    'ALTER TABLE calling_areas RENAME INDEX calling_areas_zones_states TO places_zones_states',
  );
  await qi.sequelize.query('RENAME TABLE calling_areas TO places');
}
