import { methodOf, resolveUrl, type VerbPlayer } from './verbs';

/** `<Hangup/>` ends the call; `<Redirect>` fetches the TwiML at its URL, which replaces the document. */
export const flowVerbs: Record<string, VerbPlayer> = {
  Hangup: () => ({ kind: 'hangup' }),
  Redirect: (verb, context) => {
    const url = resolveUrl(verb.text, context);
    return url ? { kind: 'fetch', ms: 0, url, method: methodOf(verb), params: {} } : { kind: 'next' };
  },
};
