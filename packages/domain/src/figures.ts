/** The prospects behind a campaign's or a step's figure (decision 0174). */
import { EVENT_FIGURES, type EventFigure } from './campaign-events';
import type { EventFigureName } from './contract';

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
