import { style } from '@vanilla-extract/css';
import { vars } from '@prospecta/ui';

/** A notice alone in the window (no shell around it): centred in the whole page. */
export const page = style({
  minHeight: '100vh',
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.large,
});

/** Inside the shell the notice sits in the content area. */
export const inShell = style({
  minHeight: '60vh',
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.large,
});
