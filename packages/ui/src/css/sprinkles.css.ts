import { createSprinkles, defineProperties } from '@vanilla-extract/sprinkles';
import { vars } from '../theme/contract.css';

export const breakpoints = { mobile: 0, tablet: 768, desktop: 1024 } as const;
export type Breakpoint = keyof typeof breakpoints;

/** Media query strings, shared by components that collapse on small screens. */
export const mq = {
  tablet: `screen and (min-width: ${breakpoints.tablet}px)`,
  desktop: `screen and (min-width: ${breakpoints.desktop}px)`,
  belowTablet: `screen and (max-width: ${breakpoints.tablet - 1}px)`,
} as const;

const responsiveProperties = defineProperties({
  conditions: {
    mobile: {},
    tablet: { '@media': mq.tablet },
    desktop: { '@media': mq.desktop },
  },
  defaultCondition: 'mobile',
  properties: {
    display: ['none', 'flex', 'inline-flex', 'block', 'inline-block', 'grid'],
    flexDirection: ['row', 'column', 'row-reverse', 'column-reverse'],
    flexWrap: ['wrap', 'nowrap'],
    alignItems: ['stretch', 'flex-start', 'center', 'flex-end', 'baseline'],
    justifyContent: ['stretch', 'flex-start', 'center', 'flex-end', 'space-between'],
    flexGrow: [0, 1],
    flexShrink: [0, 1],
    gap: vars.space,
    paddingTop: vars.space,
    paddingBottom: vars.space,
    paddingLeft: vars.space,
    paddingRight: vars.space,
    marginTop: vars.space,
    marginBottom: vars.space,
    marginLeft: vars.space,
    marginRight: vars.space,
    width: { full: '100%', auto: 'auto' },
    textAlign: ['left', 'center', 'right'],
  },
  shorthands: {
    padding: ['paddingTop', 'paddingBottom', 'paddingLeft', 'paddingRight'],
    paddingX: ['paddingLeft', 'paddingRight'],
    paddingY: ['paddingTop', 'paddingBottom'],
    margin: ['marginTop', 'marginBottom', 'marginLeft', 'marginRight'],
    marginX: ['marginLeft', 'marginRight'],
    marginY: ['marginTop', 'marginBottom'],
  },
});

const colorProperties = defineProperties({
  conditions: {
    default: {},
    hover: { selector: '&:hover' },
    focus: { selector: '&:focus-visible' },
  },
  defaultCondition: 'default',
  properties: {
    color: vars.color,
    background: vars.color,
    borderColor: vars.color,
  },
});

const staticProperties = defineProperties({
  properties: {
    borderRadius: vars.radius,
    boxShadow: vars.shadow,
    fontSize: vars.fontSize,
    fontWeight: vars.fontWeight,
    position: ['relative', 'absolute', 'sticky', 'static'],
    overflow: ['hidden', 'auto', 'visible'],
    minWidth: [0],
  },
});

export const sprinkles = createSprinkles(responsiveProperties, colorProperties, staticProperties);
export type Sprinkles = Parameters<typeof sprinkles>[0];
