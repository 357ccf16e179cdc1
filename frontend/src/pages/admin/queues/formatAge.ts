/**
 * A wait as a person reads it at a glance: "0 s", "3 s", "4 min 12 s", "2 h 5 min", "3 d 4 h"; two
 * units at most, the larger one first. A dash for no wait at all (an empty stream).
 */
export function formatAge(ms: number | null): string {
  if (ms === null) return '—';
  const seconds = Math.floor(Math.max(0, ms) / 1000);
  const units: [size: number, label: string][] = [
    [86_400, 'd'],
    [3_600, 'h'],
    [60, 'min'],
    [1, 's'],
  ];
  const first = units.findIndex(([size]) => seconds >= size);
  if (first === -1) return '0 s';
  const [size, label] = units[first]!;
  const parts = [`${Math.floor(seconds / size)} ${label}`];
  const next = units[first + 1];
  if (next) {
    const rest = Math.floor((seconds % size) / next[0]);
    if (rest) parts.push(`${rest} ${next[1]}`);
  }
  return parts.join(' ');
}

/** An interval as the job table gives it: "Every 5 s", "Every 5 min"; "On demand" without one. */
export const formatSchedule = (everyMs: number | null) =>
  everyMs === null ? 'On demand' : `Every ${formatAge(everyMs)}`;
