import { twoZoneTimes } from './twoZones';

/** A time on the prospect's clock, and under it on the viewer's when that reads differently. */
export function ZonedTimes({ iso, timeZone }: { iso: string; timeZone: string | null }) {
  const { theirs, yours } = twoZoneTimes(iso, timeZone);
  return (
    <time dateTime={iso} className="rc-zoned-times">
      <span className="rc-nowrap" title={timeZone ? `The prospect's time (${timeZone})` : undefined}>
        {theirs}
      </span>
      {yours && <span className="rc-zoned-times-yours rc-nowrap">{yours} your time</span>}
    </time>
  );
}
