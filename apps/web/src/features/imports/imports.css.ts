import { style } from '@vanilla-extract/css';
import { mq, vars } from '@prospecta/ui';

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
  padding: vars.space.large,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.large,
  background: vars.color.surface,
  minWidth: 0,
  '@media': { [mq.belowTablet]: { padding: vars.space.medium } },
});

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
});

export const title = style({ margin: 0, fontSize: vars.fontSize.h3 });
export const subtitle = style({ margin: 0, fontSize: vars.fontSize.body });

export const muted = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.small,
  overflowWrap: 'anywhere',
});

export const text = style({ margin: 0, overflowWrap: 'anywhere' });

export const step = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
  minWidth: 0,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.small,
});

export const alert = style({
  margin: 0,
  padding: vars.space.small,
  borderRadius: vars.radius.medium,
  background: vars.color.dangerSoft,
  color: vars.color.text,
  overflowWrap: 'anywhere',
});

export const success = style({
  margin: 0,
  padding: vars.space.small,
  borderRadius: vars.radius.medium,
  background: vars.color.successSoft,
  color: vars.color.text,
});

export const progress = style({
  height: 8,
  borderRadius: vars.radius.full,
  background: vars.color.surfaceMuted,
  overflow: 'hidden',
});
export const progressBar = style({
  height: '100%',
  background: vars.color.primary,
  transition: `width ${vars.motion.normal} ${vars.motion.easing}`,
});

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
});
export const listItem = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.small,
  padding: `${vars.space.xsmall} 0`,
  borderTop: `1px solid ${vars.color.border}`,
  minWidth: 0,
});
export const listName = style({ flex: '1 1 220px', minWidth: 0, overflowWrap: 'anywhere' });

export const mappingGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
  gap: vars.space.medium,
});
/** A choice of two short answers: as wide as its label needs, not the panel's whole width on a laptop. */
export const otherCampaigns = style({ maxWidth: '32rem' });
export const mappingCell = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxsmall,
  minWidth: 0,
});

export const counts = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.small,
});

export const reasons = style({
  margin: 0,
  paddingInlineStart: vars.space.large,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxsmall,
});

export const tableScroll = style({
  overflowX: 'auto',
  maxWidth: '100%',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
});
export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.small,
});
export const th = style({
  textAlign: 'left',
  padding: vars.space.xsmall,
  background: vars.color.surfaceMuted,
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
});
/**
 * Words stay whole (a cell wraps between words only): on a narrow screen the table grows wider than the panel and
 * scrolls sideways in its region rather than cutting names, addresses and the check into letters.
 */
export const td = style({
  padding: vars.space.xsmall,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
  maxWidth: 240,
  overflowWrap: 'break-word',
});
export const refusedRow = style({ background: vars.color.dangerSoft });
