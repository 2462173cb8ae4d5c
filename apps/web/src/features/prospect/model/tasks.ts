import { PRODUCT_TIME_ZONE } from '@prospecta/domain';

/** Where a task's due date stands against today, by calendar day in the product's time zone (§1: Europe/Zurich). */
export type TaskDue = 'overdue' | 'today' | 'later';

const dayKey = new Intl.DateTimeFormat('en-CA', {
  timeZone: PRODUCT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** A task due on an earlier day is overdue; one due today (even an hour ago) is due today. */
export function taskDue(dueAt: string | Date, now: Date): TaskDue {
  const due = dayKey.format(new Date(dueAt));
  const today = dayKey.format(now);
  return due < today ? 'overdue' : due === today ? 'today' : 'later';
}

/** Only web addresses open from a task (a LinkedIn field may hold anything a user typed). */
export function linkedinHref(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
