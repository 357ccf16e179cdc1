import { DataTypes, type CreationOptional } from 'sequelize';
import type { AppointmentSource, AppointmentStatus } from '@ringcast/shared-types';
import { sequelize } from '../sequelize';
import { Row, autoId, foreignKey, required, timestamps } from './common';

type Opt<T> = CreationOptional<T | null>;

/** A booking the agent made on a call: on the campaign's own hours, or in the owner's calendar. */
export class Appointment extends Row<Appointment> {
  declare userId: number;
  declare campaignId: number;
  /** Null once the prospect is removed. */
  declare prospectId: Opt<number>;
  /** The call it was booked on; null once that call is removed. */
  declare callRecordId: Opt<number>;
  declare startsAt: Date;
  /**
   * `startsAt` while booked, NULL once canceled: unique per campaign, so only one live booking
   * holds a slot and the database, not a read before the insert, decides which call got it.
   */
  declare heldSlotStart: Opt<Date>;
  /** The prospect's IANA zone, the one the agent spoke the time in. */
  declare timeZone: string;
  declare durationMinutes: number;
  declare status: CreationOptional<AppointmentStatus>;
  declare source: CreationOptional<AppointmentSource>;
  declare externalBookingId: Opt<string>;
  declare attendeeName: Opt<string>;
  declare attendeeEmail: Opt<string>;
  /** E.164 number called, kept so the appointment still says whom to expect once the prospect is gone. */
  declare phoneNumber: string;
  declare notes: Opt<string>;
  declare canceledAt: Opt<Date>;
}

Appointment.init(
  {
    id: autoId(),
    userId: foreignKey(),
    campaignId: foreignKey(),
    prospectId: DataTypes.BIGINT.UNSIGNED,
    callRecordId: DataTypes.BIGINT.UNSIGNED,
    startsAt: required(DataTypes.DATE(3)),
    heldSlotStart: DataTypes.DATE(3),
    timeZone: required(DataTypes.STRING(64)),
    durationMinutes: required(DataTypes.SMALLINT.UNSIGNED),
    status: required(DataTypes.STRING(16), 'booked'),
    source: required(DataTypes.STRING(16), 'agent'),
    externalBookingId: DataTypes.STRING(128),
    attendeeName: DataTypes.STRING(200),
    attendeeEmail: DataTypes.STRING(255),
    phoneNumber: required(DataTypes.STRING(20)),
    notes: DataTypes.TEXT,
    canceledAt: DataTypes.DATE(3),
    ...timestamps(),
  },
  { sequelize, tableName: 'appointments' },
);
