import { recipe } from '@vanilla-extract/recipes';
import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { focusOutline } from '../../css/focus';

export const buttonVariants = ['primary', 'secondary', 'ghost', 'danger'] as const;
export type ButtonVariant = (typeof buttonVariants)[number];
export const buttonSizes = ['small', 'medium', 'large'] as const;
export type ButtonSize = (typeof buttonSizes)[number];

/** Each size's padding on the inline sides. */
const paddingOf = {
  small: vars.space.small,
  medium: vars.space.large,
  large: vars.space.xlarge,
} as const satisfies Record<ButtonSize, string>;

export const button = recipe({
  base: {
    position: 'relative',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space.small,
    border: '1px solid transparent',
    borderRadius: vars.radius.medium,
    fontFamily: vars.font.body,
    fontWeight: vars.fontWeight.semibold,
    lineHeight: vars.lineHeight.tight,
    cursor: 'pointer',
    textDecoration: 'none',
    maxWidth: '100%',
    transition: `background-color ${vars.motion.fast} ${vars.motion.easing}, border-color ${vars.motion.fast} ${vars.motion.easing}`,
    selectors: {
      '&:focus-visible': { ...focusOutline('2px') },
      '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.55 },
    },
  },
  variants: {
    variant: {
      primary: {
        background: vars.color.primary,
        color: vars.color.onPrimary,
        selectors: {
          '&:hover:not(:disabled):not([aria-disabled="true"])': {
            background: vars.color.primaryHover,
          },
          '&:active:not(:disabled):not([aria-disabled="true"])': {
            background: vars.color.primaryActive,
          },
        },
      },
      secondary: {
        background: vars.color.surface,
        color: vars.color.text,
        borderColor: vars.color.borderStrong,
        selectors: {
          '&:hover:not(:disabled):not([aria-disabled="true"])': {
            background: vars.color.surfaceHover,
          },
          '&:active:not(:disabled):not([aria-disabled="true"])': {
            background: vars.color.surfaceMuted,
          },
        },
      },
      ghost: {
        background: 'transparent',
        color: vars.color.primary,
        selectors: {
          '&:hover:not(:disabled):not([aria-disabled="true"])': {
            background: vars.color.primarySoft,
          },
          '&:active:not(:disabled):not([aria-disabled="true"])': {
            background: vars.color.surfaceHover,
          },
        },
      },
      danger: {
        background: vars.color.danger,
        color: vars.color.textInverse,
        selectors: {
          '&:hover:not(:disabled):not([aria-disabled="true"])': {
            background: vars.color.dangerHover,
          },
          '&:active:not(:disabled):not([aria-disabled="true"])': {
            background: vars.color.dangerHover,
          },
        },
      },
    } satisfies Record<ButtonVariant, object>,
    size: {
      small: { minHeight: 28, paddingInline: paddingOf.small, fontSize: vars.fontSize.small },
      medium: { minHeight: 36, paddingInline: paddingOf.medium, fontSize: vars.fontSize.body },
      large: { minHeight: 44, paddingInline: paddingOf.large, fontSize: vars.fontSize.large },
    } satisfies Record<ButtonSize, object>,
    fullWidth: { true: { width: '100%' }, false: {} },
    // A ghost button's label lined up with the content beside it: its padding taken back by as much margin (below).
    bleed: { true: {}, false: {} },
  },
  compoundVariants: (['small', 'medium', 'large'] as const).map((size) => ({
    variants: { bleed: true, size },
    style: { marginInline: `calc(-1 * ${paddingOf[size]})` },
  })),
  defaultVariants: { variant: 'primary', size: 'medium', fullWidth: false, bleed: false },
});

export const label = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  minWidth: 0,
});

// Opacity (not visibility) so the label stays the button's accessible name while loading.
export const hidden = style({ opacity: 0 });

export const spinnerOverlay = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
});

export const icon = style({ display: 'inline-flex', flexShrink: 0 });
