import { style } from '@vanilla-extract/css';
import { vars } from '@prospecta/ui';

export const centered = style({
  minHeight: '100vh',
  display: 'grid',
  placeItems: 'center',
  gap: vars.space.medium,
  padding: vars.space.large,
});

export const statusPanel = style({
  display: 'grid',
  gap: vars.space.medium,
  justifyItems: 'center',
  textAlign: 'center',
});

export const refreshingBanner = style({
  position: 'fixed',
  top: vars.space.small,
  left: '50%',
  transform: 'translateX(-50%)',
  zIndex: 1000,
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.small,
  padding: `${vars.space.xsmall} ${vars.space.medium}`,
  borderRadius: vars.radius.full,
  background: vars.color.infoSoft,
  color: vars.color.info,
  fontSize: vars.fontSize.small,
  boxShadow: '0 2px 8px rgb(0 0 0 / 0.12)',
});

export const footerLink = style({ color: vars.color.primary });

export const minimalLayout = style({
  minHeight: '100vh',
  display: 'grid',
  gridTemplateRows: 'auto 1fr',
});
export const minimalHeader = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.medium,
  padding: `${vars.space.small} ${vars.space.large}`,
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});
export const spacer = style({ flex: 1 });
