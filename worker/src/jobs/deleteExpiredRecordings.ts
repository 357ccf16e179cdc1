import { callsModule } from './callsModule';

/** The daily retention run: recordings past their campaign's retention, deleted at Twilio and ours. */
export async function handleDeleteExpiredRecordings() {
  // With the dialer's code: removing a recording loads the Twilio SDK.
  const { deleteExpiredRecordings } = await callsModule();
  return deleteExpiredRecordings();
}
