import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

import type { Tone } from '../../theme/tones';

export const root = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xsmall,
  maxWidth: '100%',
  padding: `${vars.space.xxsmall} ${vars.space.small}`,
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.xsmall,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});

export const dot = style({
  width: 8,
  height: 8,
  borderRadius: '50%',
  background: 'currentColor',
  flexShrink: 0,
});
export const text = style({ overflow: 'hidden', textOverflow: 'ellipsis' });

export const tone = styleVariants({
  neutral: { background: vars.tone.neutralSoft, color: vars.tone.neutral },
  info: { background: vars.tone.infoSoft, color: vars.tone.info },
  positive: { background: vars.tone.positiveSoft, color: vars.tone.positive },
  caution: { background: vars.tone.cautionSoft, color: vars.tone.caution },
  critical: { background: vars.tone.criticalSoft, color: vars.tone.critical },
  accent: { background: vars.tone.accentSoft, color: vars.tone.accent },
} satisfies Record<Tone, object>);
