import type { Callback as CallbackDto } from '@ringcast/shared-types';
import type { Callback } from '../db/models';

export type CallbackFields = Pick<
  Callback,
  | 'id'
  | 'campaignId'
  | 'prospectId'
  | 'requestedOnCallId'
  | 'calledOnCallId'
  | 'dueAt'
  | 'requestedFor'
  | 'timeZone'
  | 'status'
  | 'createdAt'
  | 'updatedAt'
>;

const iso = (value: Date | string) => new Date(value).toISOString();
const idOrNull = (value: number | null | undefined) => (value == null ? null : Number(value));

/** A callback as the API and the `callback:updated` event send it, with whom it calls. */
export const presentCallback = (
  row: CallbackFields,
  prospect: { name: string | null; phoneNumber: string },
): CallbackDto => ({
  id: Number(row.id),
  campaignId: Number(row.campaignId),
  prospectId: Number(row.prospectId),
  prospectName: prospect.name ?? null,
  phoneNumber: prospect.phoneNumber,
  requestedOnCallId: idOrNull(row.requestedOnCallId),
  calledOnCallId: idOrNull(row.calledOnCallId),
  dueAt: iso(row.dueAt),
  requestedFor: iso(row.requestedFor),
  timeZone: row.timeZone ?? null,
  status: row.status,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});
