import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { focusOutline } from '../../css/focus';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.large,
  minWidth: 0,
});

export const list = style({
  display: 'flex',
  gap: vars.space.xsmall,
  borderBottom: `1px solid ${vars.color.border}`,
  overflowX: 'auto',
});

export const trigger = style({
  position: 'relative',
  // On a narrow screen the tabs share the row and their labels wrap between words (a phone shows
  // 'Dernière étape' whole, not 'Dernière éta…' cut at the edge); the row scrolls only when even that is too wide.
  flexShrink: 1,
  padding: `${vars.space.small} ${vars.space.medium}`,
  border: 0,
  background: 'transparent',
  font: 'inherit',
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textMuted,
  cursor: 'pointer',
  borderRadius: `${vars.radius.small} ${vars.radius.small} 0 0`,
  maxWidth: 280,
  lineHeight: 1.3,
  selectors: {
    '&:hover:not([data-disabled])': { color: vars.color.text, background: vars.color.surfaceHover },
    '&:focus-visible': { ...focusOutline('-2px') },
    '&[data-state="active"]': {
      color: vars.color.primary,
      boxShadow: `inset 0 -2px 0 ${vars.color.primary}`,
    },
    '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.5 },
  },
});

export const content = style({
  minWidth: 0,
  selectors: { '&:focus-visible': { ...focusOutline('2px') } },
});
