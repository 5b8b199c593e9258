import { bucketRange, dayRangeToUnix, zoneOffsetSegments } from '@shiftline/shared';
import { openDatabase } from '../src/db/database.js';
import { createDashboardsRepository } from '../src/features/dashboards/dashboards.repository.js';

const h = await openDatabase({ databaseUrl: 'postgres://root@127.0.0.1:5432/shiftline_bench_dashboards', dataDir: '' });
const repo = createDashboardsRepository(h.db);
const u = dayRangeToUnix({ start: '2025-11-23', end: '2026-11-22' }, 'America/Toronto');
const range = bucketRange(u.start, u.end, 'America/Toronto');
for (const ids of [
  [1, 3, 5, 6, 8],
  [1, 3, 5, 6],
]) {
  const ts: number[] = [];
  for (let i = 0; i < 12; i++) {
    const s = performance.now();
    await repo.callSumsByDayAndHour(
      { range, campaignIds: ids, statsSourceIds: [], agentIds: [] },
      zoneOffsetSegments(range),
    );
    ts.push(performance.now() - s);
  }
  ts.sort((a, b) => a - b);
  console.log(ids.length, 'sql p50', ts[6].toFixed(1), 'max', ts[11].toFixed(1));
}
await h.close();
