import { describe, expect, it } from 'vitest';
import {
  CAMPAIGN_STATUSES,
  canApply,
  isActiveStatus,
  isEditableStatus,
  nextStatus,
  staffActions,
} from './campaign-lifecycle';

const now = new Date('2026-11-27T10:00:00Z');
const later = new Date('2026-11-30T08:00:00Z');

describe('campaign lifecycle', () => {
  it('launches a draft to running, or to scheduled when its start is ahead', () => {
    expect(nextStatus('draft', 'launch', 'staff', { now, startsAt: now })).toBe('running');
    expect(nextStatus('draft', 'launch', 'staff', { now, startsAt: null })).toBe('running');
    expect(nextStatus('draft', 'launch', 'staff', { now, startsAt: later })).toBe('scheduled');
  });

  it('pauses, resumes, finishes and archives along the allowed moves only', () => {
    expect(nextStatus('running', 'pause', 'staff')).toBe('paused');
    expect(nextStatus('scheduled', 'pause', 'staff')).toBe('paused');
    expect(nextStatus('paused', 'resume', 'staff', { now })).toBe('running');
    expect(nextStatus('paused', 'resume', 'staff', { now, startsAt: later })).toBe('scheduled');
    expect(nextStatus('paused', 'finish', 'staff')).toBe('finished');
    expect(nextStatus('finished', 'archive', 'staff')).toBe('archived');
    expect(nextStatus('draft', 'pause', 'staff')).toBeNull();
    expect(nextStatus('running', 'launch', 'staff')).toBeNull();
    expect(nextStatus('running', 'archive', 'staff')).toBeNull();
    expect(nextStatus('archived', 'resume', 'staff')).toBeNull();
    expect(nextStatus('finished', 'resume', 'staff')).toBeNull();
  });

  it('leaves starting and completing to the engine, and no move to anyone else', () => {
    expect(canApply('scheduled', 'start', 'engine')).toBe(true);
    expect(canApply('scheduled', 'start', 'staff')).toBe(false);
    expect(nextStatus('running', 'complete', 'engine')).toBe('finished');
    expect(canApply('draft', 'launch', 'engine')).toBe(false);
  });

  it('offers staff the actions of each status', () => {
    expect(Object.fromEntries(CAMPAIGN_STATUSES.map((s) => [s, staffActions(s)]))).toEqual({
      draft: ['launch'],
      scheduled: ['pause', 'finish'],
      running: ['pause', 'finish'],
      paused: ['resume', 'finish'],
      finished: ['archive'],
      archived: [],
    });
  });

  it('calls running and scheduled active, and lets the builder edit draft, scheduled and paused', () => {
    expect(CAMPAIGN_STATUSES.filter(isActiveStatus)).toEqual(['scheduled', 'running']);
    expect(CAMPAIGN_STATUSES.filter(isEditableStatus)).toEqual(['draft', 'scheduled', 'paused']);
  });
});
