import { style } from '@vanilla-extract/css';
import { mq, vars } from '@prospecta/ui';

export const body = style({ display: 'grid', gap: vars.space.large, minWidth: 0 });
export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.small,
  minWidth: 0,
});
export const item = style({
  display: 'grid',
  gap: vars.space.xsmall,
  padding: vars.space.medium,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  minWidth: 0,
});
export const itemHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
  minWidth: 0,
});
/** A URL of any length wraps anywhere rather than widening the page. */
export const url = style({
  margin: 0,
  fontWeight: vars.fontWeight.semibold,
  overflowWrap: 'anywhere',
  minWidth: 0,
  flex: '1 1 16rem',
});
export const text = style({ margin: 0, overflowWrap: 'anywhere' });
export const strong = style({ margin: 0, fontWeight: vars.fontWeight.semibold });
export const muted = style({ margin: 0, color: vars.color.textMuted, overflowWrap: 'anywhere' });
export const errorText = style({
  margin: 0,
  color: vars.color.danger,
  fontWeight: vars.fontWeight.medium,
});
export const loadError = style({ display: 'grid', gap: vars.space.small, justifyItems: 'start' });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.small });
/**
 * The delivery log's three buttons: at the dialog's end in a row; on a phone, where they cannot share a row, one
 * under the other at the same width rather than wrapped unevenly.
 */
export const logActions = style([
  actions,
  {
    justifyContent: 'flex-end',
    '@media': {
      [mq.belowTablet]: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', width: '100%' },
    },
  },
]);
export const form = style({
  display: 'grid',
  gap: vars.space.medium,
  maxWidth: 640,
  minWidth: 0,
  paddingTop: vars.space.medium,
  borderTop: `1px solid ${vars.color.border}`,
});
export const formTitle = style({ margin: 0, fontSize: vars.fontSize.large });
export const fieldset = style({
  border: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.small,
  minWidth: 0,
});
export const legend = style({
  margin: 0,
  padding: 0,
  marginBottom: vars.space.xsmall,
  fontWeight: vars.fontWeight.semibold,
});
export const secret = style({
  display: 'block',
  padding: vars.space.small,
  borderRadius: vars.radius.medium,
  background: vars.color.surfaceMuted,
  fontFamily: vars.font.mono,
  overflowWrap: 'anywhere',
  userSelect: 'all',
});
export const answer = style({ margin: 0, display: 'grid', gap: vars.space.xxsmall, minWidth: 0 });
export const snippet = style({
  margin: 0,
  padding: vars.space.small,
  borderRadius: vars.radius.medium,
  background: vars.color.surfaceMuted,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.small,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});
