import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@prospecta/api-client';
import { patchInList, patchProspectEverywhere } from './cache';

type Row = { id: number; prospecting_status: string; name: string };
const rows: Row[] = [
  { id: 1, prospecting_status: 'ongoing', name: 'Anne' },
  { id: 2, prospecting_status: 'to_call', name: 'Marc' },
];

describe('patchInList', () => {
  it('replaces only the matching item, immutably', () => {
    const next = patchInList(rows, 2, (r) => ({ ...r, prospecting_status: 'lost' }));
    expect(next).not.toBe(rows);
    expect(next[0]).toBe(rows[0]);
    expect(next[1]).toEqual({ id: 2, prospecting_status: 'lost', name: 'Marc' });
    expect(rows[1]?.prospecting_status).toBe('to_call');
  });

  it('returns the same array when the id is absent or the patch changes nothing', () => {
    expect(patchInList(rows, 9, (r) => ({ ...r }))).toBe(rows);
    expect(patchInList(rows, 1, (r) => r)).toBe(rows);
  });
});

describe('patchProspectEverywhere', () => {
  function seeded() {
    const client = new QueryClient();
    client.setQueryData(queryKeys.prospect.detail(2), {
      id: 2,
      prospecting_status: 'to_call',
      name: 'Marc',
    });
    client.setQueryData(queryKeys.dashboard.ofUser(7), { prospects: rows });
    client.setQueryData(queryKeys.campaign.detail(3), { campaign: { id: 3 }, prospects: rows });
    client.setQueryData(queryKeys.campaign.detail(4), {
      campaign: { id: 4 },
      prospects: [rows[0]],
    });
    return client;
  }

  it('patches the detail, every dashboard and every campaign that lists the prospect, and undoes exactly', async () => {
    const client = seeded();
    const before = {
      detail: client.getQueryData(queryKeys.prospect.detail(2)),
      dashboard: client.getQueryData(queryKeys.dashboard.ofUser(7)),
      campaign3: client.getQueryData(queryKeys.campaign.detail(3)),
      campaign4: client.getQueryData(queryKeys.campaign.detail(4)),
    };
    const change = await patchProspectEverywhere<Row>(client, 2, (r) => ({
      ...r,
      prospecting_status: 'converted',
    }));

    expect(client.getQueryData<Row>(queryKeys.prospect.detail(2))?.prospecting_status).toBe(
      'converted',
    );
    const dashboard = client.getQueryData<{ prospects: Row[] }>(queryKeys.dashboard.ofUser(7));
    expect(dashboard?.prospects.map((r) => r.prospecting_status)).toEqual(['ongoing', 'converted']);
    const campaign = client.getQueryData<{ campaign: unknown; prospects: Row[] }>(
      queryKeys.campaign.detail(3),
    );
    expect(campaign?.campaign).toEqual({ id: 3 });
    expect(campaign?.prospects[1]?.prospecting_status).toBe('converted');
    // A campaign without the prospect is left as it was (same object).
    expect(client.getQueryData(queryKeys.campaign.detail(4))).toBe(before.campaign4);

    change.undo();
    expect(client.getQueryData(queryKeys.prospect.detail(2))).toEqual(before.detail);
    expect(client.getQueryData(queryKeys.dashboard.ofUser(7))).toEqual(before.dashboard);
    expect(client.getQueryData(queryKeys.campaign.detail(3))).toEqual(before.campaign3);
  });

  it('works when nothing is cached yet', async () => {
    const client = new QueryClient();
    const change = await patchProspectEverywhere<Row>(client, 5, (r) => ({ ...r, name: 'x' }));
    change.undo();
    expect(client.getQueryData(queryKeys.prospect.detail(5))).toBeUndefined();
  });
});
