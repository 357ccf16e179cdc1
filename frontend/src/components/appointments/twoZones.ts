/** The viewer's own zone, as the browser knows it (undefined when it does not say). */
export function viewerTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** "Tue, Dec 8, 2:30 PM EST": the instant on the clock of `timeZone`, the zone named; null when unknown. */
export function formatZonedTime(iso: string, timeZone: string | undefined, locale = 'en-US'): string | null {
  try {
    return new Intl.DateTimeFormat(locale, {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
      timeZoneName: 'short',
    }).format(new Date(iso));
  } catch {
    return null;
  }
}

export interface TwoZoneTimes {
  /** On the prospect's clock: the time the agent spoke and the prospect heard. */
  theirs: string;
  /** On the viewer's clock; null when it reads the same as theirs (the same zone, or no viewer zone). */
  yours: string | null;
}

/**
 * An appointment's or a callback's time as both sides read it: the prospect's (the one they
 * agreed to) and the viewer's, the second left out when it is the same.
 */
export function twoZoneTimes(
  iso: string,
  prospectZone: string | null,
  viewerZone: string | undefined = viewerTimeZone(),
  locale = 'en-US',
): TwoZoneTimes {
  const yours = formatZonedTime(iso, viewerZone, locale) ?? iso;
  const theirs = (prospectZone && formatZonedTime(iso, prospectZone, locale)) || null;
  if (!theirs) return { theirs: yours, yours: null };
  return { theirs, yours: theirs === yours ? null : yours };
}
