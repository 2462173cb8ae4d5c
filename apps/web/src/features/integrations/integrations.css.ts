import { style } from '@vanilla-extract/css';
import { focusOutline, mq, vars } from '@prospecta/ui';

export const tab = style({ display: 'grid', gap: vars.space.large, minWidth: 0 });

export const stateCell = style({ display: 'grid', gap: vars.space.xxsmall, justifyItems: 'start' });
export const reason = style({
  margin: 0,
  fontSize: vars.fontSize.small,
  color: vars.color.textMuted,
  maxWidth: '28ch',
});
export const address = style({ overflowWrap: 'anywhere' });

export const muted = style({ margin: 0, color: vars.color.textMuted });
export const errorText = style({ margin: 0, color: vars.color.danger });

export const loadError = style({ display: 'grid', gap: vars.space.small, justifyItems: 'start' });

export const externalLink = style({
  color: vars.color.primary,
  fontWeight: vars.fontWeight.medium,
  selectors: { '&:focus-visible': { ...focusOutline(2) } },
});

export const providers = style({
  display: 'grid',
  gap: vars.space.small,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 220px), 1fr))',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const providerButton = style({
  display: 'grid',
  gap: vars.space.xxsmall,
  width: '100%',
  height: '100%',
  padding: vars.space.medium,
  textAlign: 'left',
  font: 'inherit',
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  cursor: 'pointer',
  selectors: {
    '&:hover': { borderColor: vars.color.primary },
    '&:focus-visible': { ...focusOutline(2) },
  },
});
export const providerName = style({ fontWeight: vars.fontWeight.medium });
export const providerHint = style({ fontSize: vars.fontSize.small, color: vars.color.textMuted });

export const dialogBody = style({ display: 'grid', gap: vars.space.medium });

export const form = style({ display: 'grid', gap: vars.space.medium });
export const formHeading = style({
  margin: 0,
  fontSize: vars.fontSize.large,
  fontWeight: vars.fontWeight.semibold,
  overflowWrap: 'anywhere',
});
export const servers = style({
  display: 'grid',
  gap: vars.space.medium,
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '@media': { [mq.belowTablet]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const server = style({
  display: 'grid',
  gap: vars.space.small,
  margin: 0,
  padding: vars.space.medium,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  minWidth: 0,
});
export const legend = style({
  padding: `0 ${vars.space.xsmall}`,
  fontWeight: vars.fontWeight.medium,
});
export const actions = style({
  display: 'flex',
  gap: vars.space.small,
  justifyContent: 'flex-end',
  flexWrap: 'wrap',
});
export const actionsSplit = style([actions, { justifyContent: 'space-between' }]);
export const waiting = style({ display: 'flex', gap: vars.space.small, alignItems: 'center' });

/** Above the table: the card's call to action (kept out of the card header so the title never gets squeezed). */
export const cardToolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.small,
  alignItems: 'center',
});

/** A mailbox the engine paused: why, in the state cell (decision 0175). */
export const paused = style({
  margin: 0,
  fontSize: vars.fontSize.xsmall,
  color: vars.color.danger,
});
/** A copy to the Sent folder that failed: worth knowing, not an error (the answer itself was sent). */
export const sentCopyNote = style([paused, { color: vars.color.warning }]);

export const actionsCell = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xsmall });
export const signatureForm = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
});
export const signatureActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.small,
});
