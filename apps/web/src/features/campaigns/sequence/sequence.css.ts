import { style } from '@vanilla-extract/css';
import { mq, vars } from '@prospecta/ui';

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
  minWidth: 0,
});
export const title = style({ margin: 0, fontSize: vars.fontSize.h3 });
export const state = style({
  display: 'flex',
  justifyContent: 'center',
  padding: vars.space.large,
});
export const steps = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const step = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  padding: vars.space.medium,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  minWidth: 0,
  '@media': { [mq.belowTablet]: { padding: vars.space.small } },
});
export const stepTitle = style({
  margin: 0,
  fontSize: vars.fontSize.body,
  overflowWrap: 'anywhere',
});
export const timing = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.small,
});
export const label = style({
  margin: 0,
  fontSize: vars.fontSize.small,
  fontWeight: vars.fontWeight.semibold,
});
export const subject = style({ margin: 0, overflowWrap: 'anywhere' });
/** The body as written: its line breaks kept, long words broken. */
export const body = style({
  margin: 0,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  lineHeight: 1.6,
});
/** A variable or link of the body, read as a token, not as text the prospect receives. */
export const token = style({
  display: 'inline',
  padding: `0 ${vars.space.xxsmall}`,
  borderRadius: vars.radius.small,
  background: vars.color.surfaceMuted,
  color: vars.color.text,
  fontWeight: vars.fontWeight.semibold,
  whiteSpace: 'normal',
  boxDecorationBreak: 'clone',
  WebkitBoxDecorationBreak: 'clone',
});
