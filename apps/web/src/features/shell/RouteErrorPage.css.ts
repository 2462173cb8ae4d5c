import { style } from '@vanilla-extract/css';
import { vars } from '@prospecta/ui';

/** Inside the shell the message sits in the content area; alone, it fills the window. */
export const inShell = style({ minHeight: '60vh', display: 'grid', placeItems: 'center', padding: vars.space.large });
