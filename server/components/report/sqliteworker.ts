import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The program of the child process that runs report queries on SQLite. better-sqlite3 runs a
 * statement synchronously inside native code, where neither the server's thread nor a worker thread
 * can be interrupted; a child process can be killed, so only it gives reports a real statement
 * timeout. The child opens its own connection, read-only and `query_only`, and answers one command
 * at a time. A stream keeps its statement open and sends the next batch only when asked, so an
 * export of a million rows never sits in memory at once.
 *
 * A watchdog thread kills the child when the server process is gone (crashed, killed, restarted
 * mid-query), since a killed parent cannot kill it any more.
 *
 * Plain CommonJS, written to a temporary file once per process, so it runs the same under tsx,
 * vitest and node without a loader.
 */
const CODE = `
const [file, driver] = JSON.parse(process.argv[2]);
const Database = require(driver);
const db = new Database(file, { readonly: true, fileMustExist: true });
db.pragma('query_only = ON');
db.pragma('busy_timeout = 2000');
let open = null;
function statement(sql) {
  const s = db.prepare(sql);
  if (!s.reader) throw Object.assign(new Error('not a query'), { code: 'TESSERA_NOT_READER' });
  return s.raw(true);
}
function nextBatch(size) {
  const rows = [];
  while (rows.length < size) {
    const step = open.next();
    if (step.done) { open = null; return { ok: true, rows, more: false }; }
    rows.push(step.value);
  }
  return { ok: true, rows, more: true };
}
process.on('message', (command) => {
  try {
    if (command.op === 'columns') {
      process.send({ ok: true, columns: statement(command.sql).columns().map((c) => ({ name: c.name, numeric: /int|real|floa|doub/i.test(c.type || '') })) });
    } else if (command.op === 'rows') {
      const rows = [];
      let truncated = false;
      for (const row of statement(command.sql).iterate(...command.params)) {
        if (rows.length >= command.max) { truncated = true; break; }
        rows.push(row);
      }
      process.send({ ok: true, rows, truncated });
    } else if (command.op === 'stream') {
      open = statement(command.sql).iterate(...command.params);
      process.send(nextBatch(command.batch));
    } else if (command.op === 'more') {
      process.send(open ? nextBatch(command.batch) : { ok: true, rows: [], more: false });
    } else if (command.op === 'stop') {
      if (open) open.return();
      open = null;
      process.send({ ok: true });
    }
  } catch (error) {
    open = null;
    process.send({ ok: false, message: String(error && error.message), code: error && error.code });
  }
});
process.on('disconnect', () => process.exit(0));
// While a statement runs, this thread is blocked and would not hear the server go away: a watchdog
// thread ends the process when its parent has gone, so a runaway query never outlives the server.
const { Worker } = require('node:worker_threads');
new Worker(
  'const { workerData: w } = require("node:worker_threads");' +
  'setInterval(() => { try { process.kill(w.parent, 0); } catch { process.kill(w.self, "SIGKILL"); } }, 1000);',
  { eval: true, workerData: { parent: process.ppid, self: process.pid } },
).unref();
`;

let written: string | undefined;

/** The child's program file, written on first use. */
export function sqliteWorkerFile(): string {
  if (!written) {
    written = join(mkdtempSync(join(tmpdir(), 'tessera-report-')), 'sqlite-reader.cjs');
    writeFileSync(written, CODE);
  }
  return written;
}
