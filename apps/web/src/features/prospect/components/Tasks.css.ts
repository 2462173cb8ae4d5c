import { style } from '@vanilla-extract/css';
import { vars } from '@prospecta/ui';

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
});

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  padding: vars.space.medium,
  borderRadius: vars.radius.medium,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  minWidth: 0,
});

export const cardOverdue = style({ borderColor: vars.color.danger });

export const head = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
});

export const heading = style({
  margin: 0,
  fontSize: vars.fontSize.body,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
  overflowWrap: 'anywhere',
});

export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: vars.space.medium,
  rowGap: vars.space.xxsmall,
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.small,
  minWidth: 0,
  overflowWrap: 'anywhere',
});

export const prospectButton = style({
  padding: 0,
  border: 'none',
  background: 'none',
  font: 'inherit',
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.primary,
  cursor: 'pointer',
  textAlign: 'start',
  overflowWrap: 'anywhere',
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
});

export const text = style({
  margin: 0,
  padding: vars.space.small,
  borderRadius: vars.radius.small,
  background: vars.color.surfaceMuted,
  color: vars.color.text,
  fontSize: vars.fontSize.small,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});

export const textLabel = style({
  margin: 0,
  fontSize: vars.fontSize.xsmall,
  color: vars.color.textMuted,
});

export const muted = style({ margin: 0, color: vars.color.textMuted, fontStyle: 'italic' });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.small,
});

export const spacer = style({ flex: '1 1 auto' });

export const link = style({
  color: vars.color.primary,
  fontSize: vars.fontSize.small,
});

export const failure = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
  margin: 0,
  padding: vars.space.small,
  borderRadius: vars.radius.medium,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  fontSize: vars.fontSize.small,
});
