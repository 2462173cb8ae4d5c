// Prints how long the .xlsx export takes to write, and the memory it takes, for 1,000 and 10,000 rows.
// A script that prints figures, never a timed test: `pnpm --filter @prospecta/api bench:export`.
import { EXPORT_COLUMNS } from '@prospecta/domain';
import { prospectsWorkbook } from '../src/domain/export';

type Row = Parameters<typeof prospectsWorkbook>[1][number];

/** One export row as the export reads it from the database (a prospect summary and its contact fields). */
function rows(count: number): Row[] {
  return Array.from({ length: count }, (_, i): Row => ({
    id: i,
    title: 'miss',
    first_name: `Éléonore ${i}`,
    last_name: 'Müller-Lefèvre',
    email: `eleonore.${i}@example.com`,
    company_name: `Société ${i % 300}`,
    position: 'Directrice des ressources humaines',
    campaign_name: 'Lancement SaaS RH — Île-de-France',
    prospecting_status: 'ongoing',
    score: null,
    has_responses: false,
    campaign_id: 1,
    event_date: null,
    created_at: '2026-11-01T08:00:00.000Z',
    tags: [{ id: 1, label: 'VIP' }],
    last_comment: {
      activity: 'REACHED',
      content: 'Rappeler mardi matin.',
      created_at: '2026-11-20T09:00:00.000Z',
    },
    row: {
      phone: '+33 6 12 34 56 78',
      linkedin: 'https://www.linkedin.com/in/example',
      company_website: 'https://example.com',
      reference: `REF-${i}`,
      company_address: '1 rue de Rivoli, Paris',
    },
    reply_label: i % 3 === 0 ? ('interested' as const) : null,
  }));
}

for (const count of [1_000, 10_000]) {
  const data = rows(count);
  const times: number[] = [];
  let size = 0;
  const before = process.memoryUsage().rss;
  let peak = before;
  for (let run = 0; run < 5; run += 1) {
    const start = performance.now();
    size = (await prospectsWorkbook('Bench', data, 'fr')).length;
    times.push(performance.now() - start);
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${count.toLocaleString('en')} rows × ${EXPORT_COLUMNS.length} columns: median ${times[2]!.toFixed(0)} ms, ` +
      `${(size / 1024).toFixed(0)} KB, RSS +${((peak - before) / 1e6).toFixed(0)} MB`,
  );
}
