import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xsmall,
  padding: `${vars.space.xxsmall} ${vars.space.small}`,
  borderRadius: vars.radius.full,
  background: vars.color.surfaceMuted,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xsmall,
  fontWeight: vars.fontWeight.medium,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
});
