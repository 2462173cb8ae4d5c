import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';
import { focusOutline } from '../../css/focus';

export const iconButtonVariants = ['ghost', 'secondary', 'primary', 'danger'] as const;
export type IconButtonVariant = (typeof iconButtonVariants)[number];
export const iconButtonSizes = ['small', 'medium', 'large'] as const;
export type IconButtonSize = (typeof iconButtonSizes)[number];

export const iconButton = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    padding: 0,
    border: '1px solid transparent',
    borderRadius: vars.radius.medium,
    cursor: 'pointer',
    color: vars.color.text,
    background: 'transparent',
    transition: `background-color ${vars.motion.fast} ${vars.motion.easing}`,
    selectors: {
      '&:focus-visible': { ...focusOutline('2px') },
      '&:disabled': { cursor: 'not-allowed', opacity: 0.55 },
    },
  },
  variants: {
    variant: {
      ghost: { selectors: { '&:hover:not(:disabled)': { background: vars.color.surfaceHover } } },
      secondary: {
        background: vars.color.surface,
        borderColor: vars.color.borderStrong,
        selectors: { '&:hover:not(:disabled)': { background: vars.color.surfaceHover } },
      },
      primary: {
        background: vars.color.primary,
        color: vars.color.onPrimary,
        selectors: { '&:hover:not(:disabled)': { background: vars.color.primaryHover } },
      },
      danger: {
        color: vars.color.danger,
        selectors: { '&:hover:not(:disabled)': { background: vars.color.dangerSoft } },
      },
    } satisfies Record<IconButtonVariant, object>,
    size: {
      small: { width: 28, height: 28 },
      medium: { width: 36, height: 36 },
      large: { width: 44, height: 44 },
    } satisfies Record<IconButtonSize, object>,
  },
  defaultVariants: { variant: 'ghost', size: 'medium' },
});
