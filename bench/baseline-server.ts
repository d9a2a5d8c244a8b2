/**
 * The benchmark's baseline: a bare Fastify server on the same database as the real one, with one
 * route per scenario that runs the scenario's main query and answers the body the real server gave
 * (recorded by bench/run.ts), compressed the same way. No sessions, permissions, validation or templates: the physical limit of
 * this stack on this machine, which each scenario's throughput is compared with.
 *
 * Run by bench/run.ts: PORT, DATABASE_URL and BASELINE_FILE (JSON: ids and recorded answers).
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { openDatabase } from '../server/db/database';
import { registerCompression } from '../server/platform/compression';
import { baselineQueries, type BenchIds } from './scenarios';

interface BaselineFile {
  ids: BenchIds;
  answers: Array<{ key: string; method: 'GET' | 'POST'; contentType: string; body: string }>;
}

const file = JSON.parse(readFileSync(process.env.BASELINE_FILE ?? '', 'utf8')) as BaselineFile;
const database = await openDatabase(process.env.DATABASE_URL ?? '');
const app = Fastify({ logger: false });
// Compressed as the real server compresses, for clients that accept it: part of the stack's cost.
await registerCompression(app);
app.addContentTypeParser(['application/json', 'application/x-www-form-urlencoded'], { parseAs: 'string' }, (_request, body, done) => done(null, body));

for (const answer of file.answers) {
  const query = baselineQueries[answer.key];
  app.route({
    method: answer.method,
    url: `/baseline/${answer.key}`,
    handler: async (_request, reply) => {
      if (query) await query(database.db, file.ids);
      return reply.type(answer.contentType).send(answer.body);
    },
  });
}

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('baseline serving\n');
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => database.close()).then(() => process.exit(0));
  });
}
