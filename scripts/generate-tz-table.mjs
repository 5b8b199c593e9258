#!/usr/bin/env node
// Regenerates packages/shared/src/time/tzdb/tzdbData.generated.json: the UTC offsets of the spec's thirteen zones
// from the IANA time-zone database as packed by moment-timezone (published within days of each tzdb release).
// The table is data, so it is written as JSON; tzdbData.ts beside it gives it its type.
//   node scripts/generate-tz-table.mjs [moment-timezone version]
// Server and browser both read this table, never their runtime's ICU, so they agree whatever Node or browser runs.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PACKAGE_VERSION = process.argv[2] ?? '0.6.6';
const OUTPUT = new URL('../packages/shared/src/time/tzdb/tzdbData.generated.json', import.meta.url);
const TIME_ZONES_SOURCE = new URL('../packages/shared/src/time/timezones.ts', import.meta.url);
/** Changes are listed one by one from here up to RULE_FROM; after that a yearly rule, checked against the data. */
const TABLE_FROM_MS = Date.UTC(1970, 0, 1);
const RULE_FROM_YEAR = 2038;
const MINUTE_MS = 60_000;

const zoneIds = [...readFileSync(TIME_ZONES_SOURCE, 'utf8').matchAll(/id: '([^']+)'/g)].map((match) => match[1]);
if (zoneIds.length !== 13) throw new Error(`expected the spec's 13 zones in timezones.ts, found ${zoneIds.length}`);

function readPackedData() {
  const folder = mkdtempSync(join(tmpdir(), 'tzdb-'));
  try {
    const file = execFileSync('npm', ['pack', `moment-timezone@${PACKAGE_VERSION}`, '--silent'], { cwd: folder })
      .toString()
      .trim()
      .split('\n')
      .at(-1);
    execFileSync('tar', ['xzf', file, 'package/data/packed/latest.json'], { cwd: folder });
    return JSON.parse(readFileSync(join(folder, 'package/data/packed/latest.json'), 'utf8'));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

// moment-timezone's packed format: base-60 numbers (0-9, a-z, A-X), offsets in minutes west of UTC, changes in
// minutes as deltas; see unpack() in moment-timezone.js.
function base60(text) {
  const digit = (char) => {
    const code = char.charCodeAt(0);
    return code > 96 ? code - 87 : code > 64 ? code - 29 : code - 48;
  };
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = (negative ? text.slice(1) : text).split('.');
  let value = 0;
  for (const char of whole) value = value * 60 + digit(char);
  let scale = 1;
  for (const char of fraction) {
    scale /= 60;
    value += digit(char) * scale;
  }
  return negative ? -value : value;
}

function unpackZone(packed) {
  const [name, abbrs, offsets, indices, untils = ''] = packed.split('|');
  const abbrList = abbrs.split(' ');
  const offsetList = offsets.split(' ').map(base60);
  const order = indices.split('').map(base60);
  const deltas = untils === '' ? [] : untils.split(' ').map(base60);
  let until = 0;
  // Period i is in force until untils[i] (exclusive); the last one forever.
  return {
    name,
    periods: order.map((index, i) => {
      if (i < order.length - 1) until = Math.round(until + deltas[i] * MINUTE_MS);
      return {
        // Luxon's sign: minutes east of UTC.
        offset: -Math.round(offsetList[index]),
        abbr: abbrList[index],
        until: i < order.length - 1 ? until : Number.POSITIVE_INFINITY,
      };
    }),
  };
}

/** A change as a yearly rule: [month, nth weekday of the month, weekday (0 = Sunday), local minute before it]. */
function ruleOf(atMs, offsetBefore) {
  const local = new Date(atMs + offsetBefore * MINUTE_MS);
  const nth = Math.ceil(local.getUTCDate() / 7);
  return [local.getUTCMonth() + 1, nth, local.getUTCDay(), local.getUTCHours() * 60 + local.getUTCMinutes()];
}

function encodeZone(zone) {
  const { periods } = zone;
  const first = periods.findIndex((period) => period.until > TABLE_FROM_MS);
  const ruleFromMs = Date.UTC(RULE_FROM_YEAR, 0, 1);
  const listed = periods.slice(first).filter((_period, i) => i === 0 || periods[first + i - 1].until < ruleFromMs);
  const kinds = [];
  const kindOf = (period) => {
    const key = `${period.offset}|${period.abbr}`;
    let index = kinds.findIndex((kind) => `${kind[0]}|${kind[1]}` === key);
    if (index < 0) index = kinds.push([period.offset, period.abbr]) - 1;
    return index;
  };
  const order = listed.map(kindOf);
  let previous = 0;
  const changes = listed.slice(0, -1).map((period) => {
    const minutes = Math.round(period.until / MINUTE_MS);
    const delta = minutes - previous;
    previous = minutes;
    return delta.toString(36);
  });
  const lastListed = listed.at(-1);
  const later = periods.slice(periods.indexOf(lastListed));
  let rule = null;
  if (later.length > 1) {
    // The data carries the zone's yearly changes to the year 2500; one rule pair must reproduce every one of them.
    const [a, b] = [later[0], later[1]];
    const seen = new Map();
    for (let i = 0; i < later.length - 1; i += 1) {
      const key = `${later[i].offset}|${later[i].abbr}`;
      const rulePart = JSON.stringify(ruleOf(later[i].until, later[i].offset));
      const entering = `${later[i + 1].offset}|${later[i + 1].abbr}`;
      const known = seen.get(entering);
      if (known !== undefined && known !== rulePart)
        throw new Error(`${zone.name}: the changes after ${RULE_FROM_YEAR} follow no single rule`);
      seen.set(entering, rulePart);
      if (key !== `${a.offset}|${a.abbr}` && key !== `${b.offset}|${b.abbr}`)
        throw new Error(`${zone.name}: more than two periods after ${RULE_FROM_YEAR}`);
    }
    const daylight = a.offset > b.offset ? a : b;
    const standard = daylight === a ? b : a;
    rule = {
      standard: kindOf(standard),
      daylight: kindOf(daylight),
      start: JSON.parse(seen.get(`${daylight.offset}|${daylight.abbr}`)),
      end: JSON.parse(seen.get(`${standard.offset}|${standard.abbr}`)),
    };
  }
  return { kinds, order: order.map((index) => index.toString(36)).join(''), changes: changes.join(' '), rule };
}

const data = readPackedData();
const zones = Object.fromEntries(
  zoneIds.map((id) => {
    const packed = data.zones.find((entry) => entry.startsWith(`${id}|`));
    if (!packed) throw new Error(`${id} is not a main zone in tzdb ${data.version}`);
    return [id, encodeZone(unpackZone(packed))];
  }),
);

/** One zone per block, each field on one line, so a regenerated table's diff shows which zone and field changed. */
const zoneLines = Object.entries(zones).map(([id, zone]) => {
  const fields = Object.entries(zone).map(
    ([field, value]) => `      ${JSON.stringify(field)}: ${JSON.stringify(value)}`,
  );
  return `    ${JSON.stringify(id)}: {\n${fields.join(',\n')}\n    }`;
});
const body = `{
  "version": ${JSON.stringify(data.version)},
  "tableFromMs": ${TABLE_FROM_MS},
  "ruleFromYear": ${RULE_FROM_YEAR},
  "zones": {
${zoneLines.join(',\n')}
  }
}
`;
JSON.parse(body);
writeFileSync(OUTPUT, body);
console.log(`wrote ${OUTPUT.pathname}: tzdb ${data.version}, ${zoneIds.length} zones`);
