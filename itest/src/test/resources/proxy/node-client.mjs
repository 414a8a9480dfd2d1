// What HyperDX's client (@clickhouse/client) does, against one ClickHouse HTTP endpoint. Prints two
// lines: every case's outcome (comparable between endpoints), then each case's X-Noemata-Provenance.
import { createClient } from '@clickhouse/client';
import { Readable } from 'node:stream';

const [url, db, side] = process.argv.slice(2);
const outcomes = [];
const provenance = {};
const POD = "SELECT attrs['k8s.pod.name'] AS p, count() AS n FROM logs GROUP BY p ORDER BY p";

async function run(name, fn) {
  try {
    const v = await fn();
    outcomes.push({ name, ok: true, value: v.value });
    provenance[name] = v.provenance ?? null;
  } catch (e) {
    outcomes.push({ name, ok: false, code: e.code ?? null, type: e.type ?? null, message: String(e.message) });
  }
}

async function rows(client, query, query_params) {
  const rs = await client.query({ query, format: 'JSONEachRow', query_params });
  const value = await rs.json();
  return { value, provenance: rs.response_headers['x-noemata-provenance'] };
}

const plain = createClient({ url, database: db, compression: { request: false, response: false } });
const zipped = createClient({ url, database: db, compression: { request: true, response: true } });
const session = createClient({ url, database: db, session_id: `node-${side}` });
const basic = createClient({ url, database: db, username: 'default', password: '', set_basic_auth_header: true });
const table = `ins_node_${side}`;

await run('select', () => rows(plain, POD));
await run('select, basic auth', () => rows(basic, POD));
await run('select, gzip both ways', () => rows(zipped, POD));
await run('select in a session', () => rows(session, POD));
await run('query parameter', () => rows(plain, "SELECT count() AS c FROM logs WHERE attrs['k8s.pod.name'] = {p:String}", { p: 'pod-1' }));
await run('unknown table', () => rows(plain, 'SELECT * FROM no_such_table'));
await run('syntax error', () => rows(plain, 'SELEC 1'));
await run('inserts', async () => {
  await plain.command({ query: `CREATE OR REPLACE TABLE ${table} (id UInt32, s String) ENGINE = MergeTree ORDER BY id` });
  await plain.insert({ table, format: 'JSONEachRow', values: Array.from({ length: 5000 }, (_, i) => ({ id: i, s: `s${i}` })) });
  await zipped.insert({ table, format: 'JSONCompactEachRow', values: Array.from({ length: 3000 }, (_, i) => [i, `z${i}`]) });
  await plain.insert({ table, format: 'CSV', values: Readable.from([Array.from({ length: 2000 }, (_, i) => `${i},c${i}\n`).join('')], { objectMode: false }) });
  return rows(plain, `SELECT count() AS c, sum(id) AS total, uniqExact(s) AS u FROM ${table}`);
});
await run('insert into a missing table', () => plain.insert({ table: 'no_such_table', format: 'JSONEachRow', values: [{ id: 1 }] })
  .then(() => ({ value: 'inserted' })));
await run('aborted query', async () => {
  const abort = new AbortController();
  const pending = plain.query({ query: 'SELECT count() FROM numbers(30000000) WHERE sipHash64(number) % 7 = 3',
    format: 'JSONEachRow', abort_signal: abort.signal });
  setTimeout(() => abort.abort(), 20);
  try {
    await pending;
    return { value: 'finished before the abort' };
  } catch (e) {
    return { value: `aborted: ${e.name}` };
  }
});
await run('ping', async () => ({ value: (await plain.ping()).success }));

console.log(JSON.stringify(outcomes));
console.log(JSON.stringify(provenance));
for (const c of [plain, zipped, session, basic]) {
  await c.close();
}
