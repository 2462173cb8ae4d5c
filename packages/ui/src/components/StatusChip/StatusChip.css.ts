import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

/** The seven prospect statuses (same values as PROSPECT_STATUSES in @prospecta/machines). */
export const prospectStatuses = ['pending', 'ongoing', 'to_call', 'converted', 'lost', 'nurture', 'nurtured'] as const;
export type ProspectStatusValue = (typeof prospectStatuses)[number];

export const root = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xsmall,
  maxWidth: '100%',
  padding: `${vars.space.xxsmall} ${vars.space.small}`,
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.xsmall,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});

export const dot = style({ width: 8, height: 8, borderRadius: '50%', background: 'currentColor', flexShrink: 0 });
export const text = style({ overflow: 'hidden', textOverflow: 'ellipsis' });

export const status = styleVariants({
  pending: { background: vars.status.pendingSoft, color: vars.status.pending },
  ongoing: { background: vars.status.ongoingSoft, color: vars.status.ongoing },
  to_call: { background: vars.status.toCallSoft, color: vars.status.toCall },
  converted: { background: vars.status.convertedSoft, color: vars.status.converted },
  lost: { background: vars.status.lostSoft, color: vars.status.lost },
  nurture: { background: vars.status.nurtureSoft, color: vars.status.nurture },
  nurtured: { background: vars.status.nurturedSoft, color: vars.status.nurtured },
} satisfies Record<ProspectStatusValue, object>);
