/** The prospects behind a campaign's or a step's figure (decision 0174), and the mailbox pause's words (0175). */
import { EVENT_FIGURES, type EventFigure } from './campaign-events';
import type { EventFigureName, MailboxPauseReasonName } from './contract';
import { MAILBOX_PAUSE_REASONS, type MailboxPauseReason } from './campaign-events';

// The contract's figures are the domain's, both ways.
const sameFigures: [EventFigure, EventFigureName] extends [EventFigureName, EventFigure]
  ? true
  : never = true;
void sameFigures;

export function isEventFigure(value: unknown): value is EventFigure {
  return typeof value === 'string' && (EVENT_FIGURES as readonly string[]).includes(value);
}

/** The most prospects the list behind a figure answers (its count says how many there are). */
export const FIGURE_PROSPECTS_LIMIT = 500;

// The contract's mailbox pause reasons are the domain's, both ways (decision 0175).
const samePauseReasons: [MailboxPauseReason, MailboxPauseReasonName] extends [
  MailboxPauseReasonName,
  MailboxPauseReason,
]
  ? true
  : never = true;
void samePauseReasons;

export function isMailboxPauseReason(value: unknown): value is MailboxPauseReason {
  return typeof value === 'string' && (MAILBOX_PAUSE_REASONS as readonly string[]).includes(value);
}
