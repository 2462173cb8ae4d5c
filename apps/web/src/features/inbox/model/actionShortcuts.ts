import type { UserAction } from '@prospecta/domain';

/** The inbox's key for each status action: the actions menu shows it, the help dialog explains it, the page binds it. */
export const ACTION_SHORTCUTS = { convert: 'c', lose: 'l', nurture: 'n' } as const satisfies Record<
  UserAction,
  string
>;
