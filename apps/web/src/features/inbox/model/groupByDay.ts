import { PRODUCT_TIME_ZONE } from '@prospecta/domain';

const dayKey = new Intl.DateTimeFormat('en-CA', {
  timeZone: PRODUCT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day of an instant in Europe/Zurich, as 'yyyy-mm-dd'. */
function zurichDay(value: string | Date): string {
  return dayKey.format(value instanceof Date ? value : new Date(value));
}

export interface DayGroup<T> {
  /** 'yyyy-mm-dd' in Europe/Zurich. */
  day: string;
  /** An instant of that day (the first entry's), for the date chip. */
  date: string;
  entries: T[];
}

/**
 * History entries newest first, grouped under their Zurich calendar day (§2 Inbox: "date chips"). The input order
 * does not matter; entries with an invalid date are left out.
 */
export function groupByZurichDay<T extends { event_date: string }>(
  entries: readonly T[],
): DayGroup<T>[] {
  const valid = entries.filter((e) => !Number.isNaN(new Date(e.event_date).getTime()));
  const sorted = [...valid].sort(
    (a, b) => new Date(b.event_date).getTime() - new Date(a.event_date).getTime(),
  );
  const groups: DayGroup<T>[] = [];
  for (const entry of sorted) {
    const day = zurichDay(entry.event_date);
    const last = groups.at(-1);
    if (last && last.day === day) last.entries.push(entry);
    else groups.push({ day, date: entry.event_date, entries: [entry] });
  }
  return groups;
}
