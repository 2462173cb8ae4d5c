import { keyframes, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

export const dialogSizes = ['small', 'medium', 'large', 'wide', 'fullScreen'] as const;
export type DialogSize = (typeof dialogSizes)[number];

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const popIn = keyframes({
  from: { opacity: 0, transform: 'translate(-50%, -48%) scale(0.97)' },
  to: { opacity: 1, transform: 'translate(-50%, -50%) scale(1)' },
});

export const overlay = style({
  position: 'fixed',
  inset: 0,
  background: vars.color.overlay,
  zIndex: vars.zIndex.overlay,
  animation: `${fadeIn} ${vars.motion.normal} ${vars.motion.easing}`,
});

export const content = recipe({
  base: {
    position: 'fixed',
    zIndex: vars.zIndex.modal,
    display: 'flex',
    flexDirection: 'column',
    background: vars.color.surface,
    color: vars.color.text,
    boxShadow: vars.shadow.large,
    outline: 'none',
  },
  variants: {
    size: {
      small: {},
      medium: {},
      large: {},
      wide: {},
      fullScreen: { inset: 0, width: '100vw', height: '100dvh', borderRadius: 0 },
    } satisfies Record<DialogSize, object>,
  },
  compoundVariants: (['small', 'medium', 'large', 'wide'] as const).map((size) => ({
    variants: { size },
    style: {
      top: '50%',
      left: '50%',
      transform: 'translate(-50%, -50%)',
      maxHeight: 'calc(100dvh - 32px)',
      borderRadius: vars.radius.large,
      animation: `${popIn} ${vars.motion.normal} ${vars.motion.easing}`,
      width: {
        small: 'min(400px, calc(100vw - 32px))',
        medium: 'min(560px, calc(100vw - 32px))',
        large: 'min(800px, calc(100vw - 32px))',
        // The e-mail account modal: between 620 and 1200 px (§9).
        wide: 'min(max(620px, 70vw), 1200px, calc(100vw - 32px))',
      }[size],
    },
  })),
  defaultVariants: { size: 'medium' },
});

export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.medium,
  padding: `${vars.space.large} ${vars.space.large} 0 ${vars.space.xlarge}`,
});

export const title = style({
  margin: 0,
  paddingTop: vars.space.xsmall,
  fontSize: vars.fontSize.h3,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  overflowWrap: 'anywhere',
  minWidth: 0,
});

export const description = style({
  margin: 0,
  padding: `${vars.space.small} ${vars.space.xlarge} 0`,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});

export const body = style({
  flex: 1,
  overflow: 'auto',
  padding: `${vars.space.large} ${vars.space.xlarge}`,
  overflowWrap: 'anywhere',
});

export const footer = style({
  display: 'flex',
  justifyContent: 'flex-end',
  flexWrap: 'wrap',
  gap: vars.space.small,
  padding: `0 ${vars.space.xlarge} ${vars.space.large}`,
});
