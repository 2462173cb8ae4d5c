import { style } from '@vanilla-extract/css';

/** A column's wrapper carries its test id and count without a box of its own. */
export const contents = style({ display: 'contents' });
