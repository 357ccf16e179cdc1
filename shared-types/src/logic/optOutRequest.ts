/**
 * Whether a caller's words ask not to be called again. The agent's model is told to act on such a
 * request with add_to_do_not_call; this check backs it up, so a request is honoured even when the
 * model forgets (FTC Telemarketing Sales Rule 16 CFR 310.4(b)(1)(iii)(A): a seller must honour a
 * request not to be called; RCW 19.158.040 in Washington: at once). It errs towards removing.
 */
const OPT_OUT_PATTERNS: readonly RegExp[] = [
  /\b(stop|quit|don'?t|do not|never)\s+(calling|call|ringing|phoning|contacting|contact)\s+(me|us|this number|here|again)\b/,
  /\b(take|remove|delete|get)\s+(me|my number|this number|us)\s+(off|from)\b/,
  /\b(put|add)\s+(me|my number|this number|us)\s+(on|to)\s+(your|the)\s+do[\s-]?not[\s-]?call\b/,
  /\bdo[\s-]?not[\s-]?call\s+list\b/,
  /\b(don'?t|do not)\s+(ever\s+)?call\s+(me|us|this number)\b/,
  /\bunsubscribe\b/,
  /\bstop\s+calling\b/,
];

export function asksNotToBeCalled(words: string): boolean {
  const text = words
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^a-z' -]+/g, ' ')
    .replace(/\s+/g, ' ');
  return OPT_OUT_PATTERNS.some((pattern) => pattern.test(text));
}
