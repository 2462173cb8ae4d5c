import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

export const badgeTones = ['neutral', 'primary', 'success', 'warning', 'danger', 'info'] as const;
export type BadgeTone = (typeof badgeTones)[number];

export const badge = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.xxsmall,
    maxWidth: '100%',
    minHeight: 20,
    padding: `0 ${vars.space.small}`,
    borderRadius: vars.radius.full,
    fontSize: vars.fontSize.xsmall,
    fontWeight: vars.fontWeight.semibold,
    lineHeight: '20px',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    verticalAlign: 'middle',
  },
  variants: {
    tone: {
      neutral: { background: vars.color.surfaceMuted, color: vars.color.textMuted },
      primary: { background: vars.color.primary, color: vars.color.onPrimary },
      success: { background: vars.color.successSoft, color: vars.color.success },
      warning: { background: vars.color.warningSoft, color: vars.color.warning },
      danger: { background: vars.color.danger, color: vars.color.textInverse },
      info: { background: vars.color.infoSoft, color: vars.color.info },
    } satisfies Record<BadgeTone, object>,
  },
  defaultVariants: { tone: 'neutral' },
});
