import * as initial from './0001-initial';

/** Every migration, in the order they apply. Add new ones at the end. */
export const migrations = [{ name: '0001-initial', ...initial }];
