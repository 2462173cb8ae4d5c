import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const scene = style({ perspective: 1200, width: '100%' });

export const inner = style({
  display: 'grid',
  transformStyle: 'preserve-3d',
  transition: `transform ${vars.motion.slow} ${vars.motion.easing}`,
  selectors: { '&[data-flipped="true"]': { transform: 'rotateY(180deg)' } },
});

export const face = style({
  gridArea: '1 / 1',
  backfaceVisibility: 'hidden',
  WebkitBackfaceVisibility: 'hidden',
  minWidth: 0,
});

export const back = style({ transform: 'rotateY(180deg)' });
