import pg from 'pg';

const c = new pg.Client({ connectionString: 'postgres://root@127.0.0.1:5432/shiftline_bench_dashboards' });
await c.connect();
const cols = (
  await c.query(
    `select column_name from information_schema.columns where table_name='campaign_call_rollups' order by ordinal_position`,
  )
).rows
  .map((r) => r.column_name)
  .filter((c) => !['alignment', 'bucket_start', 'campaign_id'].includes(c));
const where = `r.alignment=0 and r.bucket_start >= '2025-11-23T05:00Z' and r.bucket_start < '2026-11-23T05:00Z' and r.campaign_id = any('{1,3,5,6,8}')`;
const inner = cols.map((c) => `coalesce(sum(r.${c}),0)::float8 as ${c}`).join(',');
const q = `explain (analyze, buffers) with b as materialized (select r.bucket_start, ${inner} from campaign_call_rollups r where ${where} group by r.bucket_start) select count(*) from b`;
console.log((await c.query(q)).rows.map((r) => r['QUERY PLAN']).join('\n'));
const q2 = `explain analyze select r.bucket_start, sum(r.all_calls) from campaign_call_rollups r where ${where} group by r.bucket_start`;
console.log((await c.query(q2)).rows.map((r) => r['QUERY PLAN']).join('\n'));
await c.end();
