/**
 * The third-party meetings widget of the onboarding questionnaire's last step (§2). The script and the booking
 * frame come from these origins: a Content-Security-Policy must allow MEETINGS_WIDGET_ORIGINS for scripts and frames.
 */
export const MEETINGS_WIDGET_SCRIPT_URL =
  'https://static.hsappstatic.net/MeetingsEmbed/ex/MeetingsEmbedCode.js';
/** The booking page: embedded (with ?embed=true) by the script, or opened as a plain link when the script cannot load. */
export const MEETINGS_BOOKING_URL = 'https://meetings.hubspot.com/prospecta/onboarding';
export const MEETINGS_WIDGET_ORIGINS = [
  'https://static.hsappstatic.net',
  'https://meetings.hubspot.com',
] as const;
