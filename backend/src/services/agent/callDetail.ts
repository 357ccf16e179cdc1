import { CALL_NOT_FOUND, type CallDetail } from '@ringcast/shared-types';
import { CallRecord, Prospect } from '../../db/models';
import { notFound } from '../../errors';
import { maySeeCall } from '../../policies/calls';
import { presentCallRecord } from '../../presenters/callRecord';
import { callersOf } from '../calls/read';
import { loadTranscript } from './transcript';

/** A call with its transcript, for its owner or an admin; anyone else's id answers 404. */
export async function callDetailFor(
  viewer: { id: number; isAdmin: boolean; email: string },
  callId: number,
): Promise<CallDetail> {
  const call = await CallRecord.findByPk(callId, {
    include: [{ model: Prospect, as: 'prospect', attributes: ['name'], required: false }],
  });
  if (!call || !maySeeCall(viewer, call)) throw notFound(CALL_NOT_FOUND);
  const prospect = (call as CallRecord & { prospect?: Prospect | null }).prospect;
  const caller = prospect ? undefined : (await callersOf([call])).get(call.id);
  return {
    ...presentCallRecord(call, prospect ? { name: prospect.name ?? null } : (caller ?? null)),
    transcript: await loadTranscript(call.id),
  };
}
