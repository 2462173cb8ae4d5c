import { style } from '@vanilla-extract/css';
import { mq, vars, focusOutline } from '@prospecta/ui';

export const layout = style({
  minHeight: '100vh',
  display: 'grid',
  gridTemplateRows: 'auto 1fr',
  justifyItems: 'center',
  gap: vars.space.large,
  padding: `${vars.space.xlarge} ${vars.space.medium}`,
  '@media': { [mq.belowTablet]: { padding: `${vars.space.large} ${vars.space.small}` } },
});

export const main = style({ width: '100%', maxWidth: 440, display: 'grid', alignContent: 'start' });

export const centered = style({ minHeight: '100vh', display: 'grid', placeItems: 'center' });

export const form = style({ display: 'grid', gap: vars.space.medium });

export const subtitle = style({ margin: 0, color: vars.color.textMuted });

export const linkRow = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.small,
  flexWrap: 'wrap',
});

export const textLink = style({
  background: 'none',
  border: 'none',
  padding: 0,
  font: 'inherit',
  color: vars.color.primary,
  cursor: 'pointer',
  textDecoration: 'underline',
  textUnderlineOffset: 2,
  selectors: {
    '&:hover': { color: vars.color.primaryHover },
    '&:focus-visible': { ...focusOutline(2), borderRadius: vars.radius.small },
  },
});

const notice = style({
  margin: 0,
  padding: `${vars.space.small} ${vars.space.medium}`,
  borderRadius: vars.radius.medium,
  fontSize: vars.fontSize.small,
});

export const errorNotice = style([
  notice,
  { background: vars.color.dangerSoft, color: vars.color.danger },
]);
export const successNotice = style([
  notice,
  { background: vars.color.successSoft, color: vars.color.success },
]);
export const infoNotice = style([
  notice,
  { background: vars.color.infoSoft, color: vars.color.info },
]);

export const language = style({ justifySelf: 'center', marginTop: vars.space.medium });
