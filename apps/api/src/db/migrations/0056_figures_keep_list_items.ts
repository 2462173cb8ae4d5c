import { statements } from './statements';

/**
 * A campaign's or a step's figures (contacted, opened, clicked, answered: bumped by the sending engine at every mail
 * and by every open or click) are shown by the campaign's detail only, not by any prospect of a list. Their update
 * gives the campaign's owner a new list version (the cached campaign detail is retired) without marking the whole
 * list changed: the dashboard kept item by item is brought up to date from the prospects that did change
 * (list_changes), instead of being read whole at every mail, and the trigger no longer reads every prospect of the
 * campaign to find their owners (a 100,000-prospect campaign's figures moved at every mail). Any other change of a
 * campaign or a step (its name, its steps, a refresh's audience) retires the lists whole as before (migration 0010).
 */
const FIGURES = `array['contacted', 'contacts_opened', 'contacts_clicked', 'contacts_answered']`;

/** True when some updated row changed more than its figures. */
const beyondFigures = `exists (
  select 1 from new_rows n join old_rows o on o.id = n.id
  where (to_jsonb(n) - ${FIGURES}) is distinct from (to_jsonb(o) - ${FIGURES})
)`;

export default statements([
  ...[
    [
      'campaigns',
      `select user_id from ROWS union select p.user_id from prospects p where p.campaign_id in (select id from ROWS)`,
      `select user_id from new_rows`,
    ],
    [
      'campaign_steps',
      `select c.user_id from campaigns c where c.id in (select campaign_id from ROWS)`,
      `select c.user_id from campaigns c where c.id in (select campaign_id from new_rows)`,
    ],
  ].map(([table, owners, figureOwners]) => {
    const of = (rows: string) => owners!.replaceAll('ROWS', rows);
    return `create or replace function list_versions_${table}() returns trigger language plpgsql as $$
        begin
          if tg_op = 'INSERT' then
            perform bump_list_versions(array(${of('new_rows')}));
          elsif tg_op = 'DELETE' then
            perform bump_list_versions(array(${of('old_rows')}));
          elsif not ${beyondFigures} then
            -- The figures only: a new version for the owners, no prospect changed.
            perform bump_list_versions(array(${figureOwners}), '{}'::integer[]);
          else
            perform bump_list_versions(array(${of('new_rows')} union ${of('old_rows')}));
          end if;
          return null;
        end $$`;
  }),
]);
