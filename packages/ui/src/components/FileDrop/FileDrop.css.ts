import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  minWidth: 0,
});

export const zone = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.small,
  padding: vars.space.xlarge,
  border: `2px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.large,
  background: vars.color.surface,
  color: vars.color.textMuted,
  textAlign: 'center',
  transition: `background-color ${vars.motion.fast} ${vars.motion.easing}, border-color ${vars.motion.fast} ${vars.motion.easing}`,
  selectors: {
    '&[data-dragging="true"]': {
      borderColor: vars.color.primary,
      background: vars.color.primarySoft,
    },
    '&[data-invalid="true"]': { borderColor: vars.color.danger },
    '&[data-disabled="true"]': { background: vars.color.surfaceMuted, cursor: 'not-allowed' },
  },
});

export const label = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.text });
export const hint = style({ fontSize: vars.fontSize.small, overflowWrap: 'anywhere' });

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
});
export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  padding: `${vars.space.xsmall} ${vars.space.small}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  minWidth: 0,
});
export const fileName = style({
  flex: 1,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
export const fileSize = style({
  flexShrink: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.small,
  fontVariantNumeric: 'tabular-nums',
});
export const error = style({
  fontSize: vars.fontSize.small,
  color: vars.color.danger,
  fontWeight: vars.fontWeight.medium,
});

export const entry = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
  padding: `${vars.space.xsmall} ${vars.space.small}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  minWidth: 0,
  selectors: { '&[data-invalid="true"]': { borderColor: vars.color.danger } },
});
export const entryRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  minWidth: 0,
});
export const progress = style({
  height: 6,
  borderRadius: 3,
  background: vars.color.surfaceMuted,
  overflow: 'hidden',
});
export const progressBar = style({
  height: '100%',
  background: vars.color.primary,
  transition: `width ${vars.motion.fast} linear`,
});
