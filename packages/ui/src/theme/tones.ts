/** The semantic tones of the theme (vars.tone): the app maps its own meanings (statuses, columns) onto them. */
export const tones = ['neutral', 'info', 'positive', 'caution', 'critical', 'accent'] as const;
export type Tone = (typeof tones)[number];
