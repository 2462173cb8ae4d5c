import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { focusOutline } from '../../css/focus';

export const wrapper = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xsmall });
export const row = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.small });

export const box = style({
  flexShrink: 0,
  width: 18,
  height: 18,
  marginTop: 1,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: 0,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.small,
  background: vars.color.surface,
  color: vars.color.onPrimary,
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { borderColor: vars.color.text },
    '&:focus-visible': { ...focusOutline('2px') },
    '&[data-state="checked"], &[data-state="indeterminate"]': {
      background: vars.color.primary,
      borderColor: vars.color.primary,
    },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.55 },
  },
});

export const label = style({
  fontSize: vars.fontSize.body,
  cursor: 'pointer',
  overflowWrap: 'anywhere',
  minWidth: 0,
});
export const error = style({
  fontSize: vars.fontSize.xsmall,
  color: vars.color.danger,
  fontWeight: vars.fontWeight.medium,
});
