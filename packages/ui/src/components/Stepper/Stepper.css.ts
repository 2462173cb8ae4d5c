import { style } from '@vanilla-extract/css';
import { mq } from '../../css/sprinkles.css';
import { vars } from '../../theme/contract.css';
import { focusOutline } from '../../css/focus';

export const layout = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space.xlarge,
  minWidth: 0,
  '@media': { [mq.tablet]: { gridTemplateColumns: '240px minmax(0, 1fr)' } },
});

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxsmall,
});

export const step = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  width: '100%',
  minHeight: 40,
  padding: `${vars.space.xsmall} ${vars.space.small}`,
  border: 0,
  borderRadius: vars.radius.medium,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { background: vars.color.surfaceHover },
    '&:focus-visible': { ...focusOutline('-2px') },
    '&[aria-current="step"]': {
      background: vars.color.primarySoft,
      color: vars.color.primary,
      fontWeight: vars.fontWeight.semibold,
    },
    '&:disabled': { color: vars.color.textMuted, cursor: 'not-allowed' },
  },
});

export const marker = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: 26,
  height: 26,
  borderRadius: vars.radius.full,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  fontSize: vars.fontSize.xsmall,
  fontWeight: vars.fontWeight.bold,
  selectors: {
    [`${step}[aria-current="step"] &`]: {
      borderColor: vars.color.primary,
      background: vars.color.primary,
      color: vars.color.onPrimary,
    },
    [`${step}[data-completed="true"] &`]: {
      borderColor: vars.color.success,
      background: vars.color.success,
      color: vars.color.textInverse,
    },
  },
});

export const stepLabel = style({ flex: 1, minWidth: 0, overflowWrap: 'anywhere' });
export const content = style({ minWidth: 0 });
