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
async function time(label: string, inner: string) {
  const q = `with b as materialized (select r.bucket_start, ${inner} from campaign_call_rollups r where ${where} group by r.bucket_start) select count(*) from b`;
  const ts: number[] = [];
  for (let i = 0; i < 9; i++) {
    const s = performance.now();
    await c.query(q);
    ts.push(performance.now() - s);
  }
  ts.sort((a, b) => a - b);
  console.log(label, ts[4].toFixed(1));
}
await time('numeric', cols.map((c) => `coalesce(sum(r.${c}),0)::float8 as ${c}`).join(','));
await time('float8 in', cols.map((c) => `sum(r.${c}::float8) as ${c}`).join(','));
await time('int8 in', cols.map((c) => `sum(r.${c}::int8)::float8 as ${c}`).join(','));
await c.end();
