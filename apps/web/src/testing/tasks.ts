import { delay } from 'msw';
import {
  createScenario,
  LONG_COMPANY_NAME,
  LONG_FIRST_NAME,
  makeTask,
  type Scenario,
} from '@prospecta/api-client/fixtures';
import { detail, fixtureHandlers, mockOperation } from '@prospecta/api-client/msw';

/**
 * The fixture scenario with open LinkedIn tasks for the customer (stories are shown on 2026-11-20 at 09:30 UTC):
 * one overdue since the 17th, one due today, one due on the 24th, in that order of due date. `long`: one task, of the
 * scenario's prospect with long names, with a long step name and text.
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
  if (options.long) {
    const long = own.find((p) => p.first_name === LONG_FIRST_NAME);
    if (!long) throw new Error('the scenario has no prospect with long names');
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
  const [first, second, third] = own;
  if (!first || !second || !third) throw new Error('the scenario has fewer than three prospects');
  const tasks = [first, second, third].map((prospect, i) =>
    makeTask(i + 1, prospect, campaignOf(prospect.campaign_id), {
      due_at: ['2026-11-17', '2026-11-20', '2026-11-24'][i] + 'T08:00:00.000Z',
    }),
  );
  scenario.tasks = options.overdueOnly
    ? tasks.map((task, i) => ({ ...task, due_at: `2026-11-1${5 + i}T08:00:00.000Z` }))
    : tasks;
  return scenario;
}

/** The scenario's handlers, with a first read of the tasks that fails (retrying reads them). */
export const tasksFailOnce = (scenario: Scenario) => [
  mockOperation(
    'get',
    '/api/v1/users/{id}/tasks',
    { status: 404, body: detail('Not found.') },
    { once: true },
  ),
  ...fixtureHandlers(scenario),
];

/**
 * The scenario's handlers, with a task's change (done, skipped) refused `refusedAfter` ms after it is sent, or never
 * answered (`'never'`: what the story shows is the optimistic change alone).
 */
export const taskChangeHandlers = (scenario: Scenario, refusedAfter: number | 'never') => [
  mockOperation('patch', '/api/v1/tasks/{taskId}', async () => {
    await delay(refusedAfter === 'never' ? 'infinite' : refusedAfter);
    return { status: 409, body: detail('This task is already closed.') };
  }),
  ...fixtureHandlers(scenario),
];
