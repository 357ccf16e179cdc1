import { DataTypes } from 'sequelize';
import { sequelize } from '../sequelize';
import { Row, autoId, foreignKey, required, timestamps } from './common';

// The calendar tables (migration 0028-calendar), kept apart from the shared model index.

/** An owner's connected Cal.com: the sealed key and the event type booking campaigns use. */
export class CalendarConnection extends Row<CalendarConnection> {
  declare userId: number;
  declare provider: 'calcom';
  declare apiKeyEncrypted: string;
  declare apiKeyLast4: string;
  declare eventTypeId: number;
  declare eventTypeTitle: string;
  declare eventTypeMinutes: number;
}

CalendarConnection.init(
  {
    id: autoId(),
    userId: foreignKey(),
    provider: required(DataTypes.STRING(16), 'calcom'),
    apiKeyEncrypted: required(DataTypes.TEXT),
    apiKeyLast4: required(DataTypes.STRING(4)),
    eventTypeId: required(DataTypes.INTEGER.UNSIGNED),
    eventTypeTitle: required(DataTypes.STRING(255)),
    eventTypeMinutes: required(DataTypes.SMALLINT.UNSIGNED),
    ...timestamps(),
  },
  { sequelize, tableName: 'calendar_connections' },
);

/** A user's private calendar address: the token's hash to find it, the sealed token to show it. */
export class CalendarFeed extends Row<CalendarFeed> {
  declare userId: number;
  declare tokenHash: string;
  declare tokenEncrypted: string;
}

CalendarFeed.init(
  {
    id: autoId(),
    userId: foreignKey(),
    tokenHash: required(DataTypes.CHAR(64)),
    tokenEncrypted: required(DataTypes.TEXT),
    ...timestamps(),
  },
  { sequelize, tableName: 'calendar_feeds' },
);
