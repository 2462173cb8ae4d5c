import {
  createScenario,
  LONG_COMPANY_NAME,
  LONG_FIRST_NAME,
  LONG_LAST_NAME,
  makeTask,
  type Scenario,
} from '@prospecta/api-client/fixtures';

/**
 * The fixture scenario with open LinkedIn tasks for the customer (stories are shown on 2026-11-20 at 09:30 UTC):
 * one overdue since the 17th, one due today, one due on the 24th, in that order of due date.
 */
export function scenarioWithTasks(
  options: { long?: boolean; overdueOnly?: boolean } = {},
): Scenario {
  const scenario = createScenario();
  const own = scenario.prospects.filter((p) => p.user_id === scenario.customer.id);
  const campaignOf = (campaignId: number) => {
    const campaign = scenario.campaigns.find((c) => c.id === campaignId);
    if (!campaign) throw new Error(`no campaign ${campaignId}`);
    return campaign;
  };
  const [first, second, third] = own;
  if (!first || !second || !third) throw new Error('the scenario has fewer than three prospects');
  const withLinkedin = (p: typeof first) => ({
    ...p,
    linkedin: `https://www.linkedin.com/in/${p.first_name.toLowerCase()}-${p.id}`,
  });
  if (options.long) {
    const long = {
      ...withLinkedin(first),
      first_name: LONG_FIRST_NAME,
      last_name: LONG_LAST_NAME,
      company: { ...first.company, name: LONG_COMPANY_NAME },
    };
    scenario.prospects = scenario.prospects.map((p) => (p.id === long.id ? long : p));
    scenario.tasks = [
      makeTask(1, long, campaignOf(long.campaign_id), {
        due_at: '2026-11-17T08:00:00.000Z',
        body: `Bonjour ${LONG_FIRST_NAME},\n\nJ’ai lu avec beaucoup d’intérêt le dernier rapport annuel de ${LONG_COMPANY_NAME} et la manière dont vos équipes ont repensé l’accueil des nouveaux collaborateurs sur l’ensemble de vos sites européens. Nous accompagnons des directions des ressources humaines confrontées aux mêmes enjeux de croissance, et je serais ravi d’échanger quelques minutes avec vous pour comparer nos approches.\n\nBelle journée,\nJulien`,
        step: {
          id: 9001,
          position: 12,
          name: 'Relance LinkedIn après le webinaire de septembre sur l’intégration',
        },
      }),
    ];
    return scenario;
  }
  const tasks = [
    makeTask(1, withLinkedin(first), campaignOf(first.campaign_id), {
      due_at: '2026-11-17T08:00:00.000Z',
    }),
    makeTask(2, second, campaignOf(second.campaign_id), { due_at: '2026-11-20T08:00:00.000Z' }),
    makeTask(3, withLinkedin(third), campaignOf(third.campaign_id), {
      due_at: '2026-11-24T08:00:00.000Z',
    }),
  ];
  scenario.tasks = options.overdueOnly
    ? tasks.map((task, i) => ({ ...task, due_at: `2026-11-1${5 + i}T08:00:00.000Z` }))
    : tasks;
  return scenario;
}
