/** The dialer's code, loaded with the first call job, like the payments code (the Twilio SDK is large). */
export const callsModule = () => import('@ringcast/backend/calls');
