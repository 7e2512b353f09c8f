import { NETWORK_TIME_ZONE } from '@affilux/contract';

/* An "as of" moment of the audit is typed as a Paris wall clock, whatever the browser's zone. */
const parts = (instant: Date) => {
  const values = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: NETWORK_TIME_ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    }).formatToParts(instant).map((part) => [part.type, part.value]),
  );
  return values as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;
};

/** The Paris wall clock of an instant, as a datetime-local input wants it ('2026-11-12T18:30'). */
export function toParisWallClock(instant: Date): string {
  const p = parts(instant);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** The instant a Paris wall clock ('2026-11-12T18:30', seconds optional) names; null when the text is no such time. */
export function fromParisWallClock(wallClock: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(wallClock);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((value) => Number(value ?? 0)) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  if (Number.isNaN(asUtc)) return null;
  // The zone's offset at that moment (twice: the first guess may sit on the other side of a DST change).
  let instant = asUtc;
  for (let i = 0; i < 2; i += 1) {
    const p = parts(new Date(instant));
    const shownAsUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
    instant = asUtc - (shownAsUtc - instant);
  }
  return new Date(instant);
}
