import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const group = style({ display: 'flex', alignItems: 'flex-end', gap: vars.space.xsmall });
export const select = style({ minWidth: 170 });
