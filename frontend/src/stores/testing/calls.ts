import type { CallDetail, CallRecord, TranscriptTurn } from '@ringcast/shared-types';

/** A call of campaign 1 as the API presents it, ringing unless `over` says otherwise. */
export const callRecord = (id: number, over: Partial<CallRecord> = {}): CallRecord => ({
  id,
  campaignId: 1,
  prospectId: id,
  prospectName: `P${id}`,
  toNumber: '+12125550106',
  fromNumber: '+19075550100',
  direction: 'outbound',
  attempt: 1,
  test: false,
  status: 'ringing',
  answeredBy: null,
  durationSeconds: 0,
  billable: false,
  successful: false,
  cost: '0.00',
  price: null,
  outcome: null,
  summary: null,
  endedBy: null,
  endedReason: null,
  timeZone: null,
  agentVersion: 1,
  appointmentId: null,
  transfer: null,
  recording: null,
  analysis: null,
  analysisStatus: null,
  quality: null,
  startedAt: null,
  endedAt: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:01.000Z',
  ...over,
});

/** Turn `seq` of a call, the agent's when even, ended `seq` seconds into the conversation. */
export const turn = (seq: number, over: Partial<TranscriptTurn> = {}): TranscriptTurn => ({
  seq,
  speaker: seq % 2 === 0 ? 'agent' : 'callee',
  text: `turn ${seq}`,
  offsetMs: seq * 1000,
  interrupted: false,
  at: new Date(Date.parse('2026-11-26T10:00:10.000Z') + seq * 1000).toISOString(),
  ...over,
});

export const callDetail = (call: CallRecord, transcript: TranscriptTurn[]): CallDetail => ({
  ...call,
  transcript,
});
