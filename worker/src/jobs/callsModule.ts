/** The dialer's code, loaded with the first call job, like the payments code (the Twilio SDK is large). */
let loaded: Promise<typeof import('@ringcast/backend/calls')> | undefined;
/** Loaded once: each import() goes through the module loader again, a cost paid per job otherwise. */
export const callsModule = () => (loaded ??= import('@ringcast/backend/calls'));
