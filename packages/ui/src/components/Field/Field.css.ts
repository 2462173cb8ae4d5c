import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
  minWidth: 0,
});

/** Label beside the control (compact toolbars, e.g. the table's page size). */
export const fieldInline = style({
  flexDirection: 'row',
  alignItems: 'center',
  gap: vars.space.small,
});

export const label = style({
  fontSize: vars.fontSize.small,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
  overflowWrap: 'anywhere',
});

export const required = style({ color: vars.color.danger, marginLeft: vars.space.xxsmall });

export const hint = style({
  fontSize: vars.fontSize.xsmall,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});

export const error = style({
  fontSize: vars.fontSize.xsmall,
  color: vars.color.danger,
  fontWeight: vars.fontWeight.medium,
  overflowWrap: 'anywhere',
});

export const control = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  minHeight: 36,
  paddingInline: vars.space.medium,
  background: vars.color.surface,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.medium,
  color: vars.color.text,
  transition: `border-color ${vars.motion.fast} ${vars.motion.easing}, box-shadow ${vars.motion.fast} ${vars.motion.easing}`,
  selectors: {
    '&:hover': { borderColor: vars.color.text },
    '&:focus-within': { borderColor: vars.color.primary, boxShadow: vars.shadow.focus },
    '&[data-invalid="true"]': { borderColor: vars.color.danger },
    '&[data-disabled="true"]': {
      background: vars.color.surfaceMuted,
      cursor: 'not-allowed',
      opacity: 0.7,
    },
  },
});

export const input = style({
  flex: 1,
  minWidth: 0,
  border: 0,
  outline: 'none',
  padding: `${vars.space.small} 0`,
  background: 'transparent',
  font: 'inherit',
  color: 'inherit',
  selectors: {
    '&::placeholder': { color: vars.color.textMuted },
    '&:disabled': { cursor: 'not-allowed' },
  },
});

export const textarea = style([
  input,
  { resize: 'vertical', minHeight: 80, lineHeight: vars.lineHeight.body },
]);

export const adornment = style({
  display: 'inline-flex',
  color: vars.color.textMuted,
  flexShrink: 0,
});
