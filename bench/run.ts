/**
 * `npm run bench [-- options]`: generates a site (server/generator), starts the real server as its
 * own process on it, and drives each scenario (bench/scenarios.ts) over HTTP with autocannon, then
 * the same against a bare-route baseline process. Prints a table and writes
 * bench/results/latest.json (and a dated copy). Traffic goes only to 127.0.0.1.
 *
 *   --size XS|S|M|L|XL   generated site size (default S)
 *   --seconds N          per scenario (default 5)
 *   --concurrency N      connections for scenarios without their own (default 16)
 *   --workers 1,2        server processes; each count is a separate pass (default 1)
 *   --only key,key       only these scenarios (keys in bench/scenarios.ts; "mixed" for the mixed load)
 *   --stress N           also drive each scenario with a p50 target at N connections for at least
 *                        STRESS_SECONDS and judge its p99 against 3 × that target (default 50; 0 skips
 *                        this pass); the bare route is driven the same way for comparison
 *
 * Latencies are those of requests sent once every connection has had its first answer; the time until
 * then is the ramp (bench/latency.ts says why).
 *   --profile DIR        start the server with --cpu-prof, writing a CPU profile per process into DIR
 *                        when it stops (open it in Chrome's DevTools, Performance tab)
 *   --compare            compare with the previous latest.json; exit 1 if a scenario is >20 % slower
 *
 * DATABASE_URL=postgres://… benches PostgreSQL (a database you can throw away); default: a temp SQLite file.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { components } from '../server/components/registry';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { GENERATED_FRAMEWORK, GENERATED_TEMPLATE, generateSite } from '../server/generator/generate';
import { SIZES, isSizeName, type SizeName } from '../server/generator/sizes';
import { hashPassword } from '../server/platform/auth/passwords';
import { CONTEXT_COURSE } from '../server/platform/access/types';
import { createPlatform } from '../server/platform/create';
import { installOrUpgrade } from '../server/platform/install';
import { now } from '../server/platform/platform';
import { exited, logInByForm, startServerProcess, waitUntilServing } from '../server/test/process';
import { buildServer } from '../scripts/build-server';
import { watch } from './measure';
import { steadyLatency, type Answer, type SteadyLatency } from './latency';
import { freePort } from './ports';
import { getSystemContext } from '../server/platform/access/contexts';
import { LOG_REPORT, buildScenarios, type BenchIds, type Login, type Scenario } from './scenarios';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: 'S' },
    seconds: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '16' },
    workers: { type: 'string', default: '1' },
    only: { type: 'string', default: '' },
    stress: { type: 'string', default: '50' },
    compare: { type: 'boolean', default: false },
    profile: { type: 'string', default: '' },
  },
});
const sizeName = (values.size ?? 'S').toUpperCase();
if (!isSizeName(sizeName)) throw new Error(`Unknown size ${values.size}`);
const size: SizeName = sizeName;
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);
const workerCounts = (values.workers ?? '1').split(',').map(Number);
const stressConnections = Number(values.stress);
const only = new Set((values.only ?? '').split(',').filter(Boolean));
const wanted = (key: string) => only.size === 0 || only.has(key);

const ADMIN_PASSWORD = 'Bench-admin-1';
const DEMO_PASSWORD = 'Bench-pass-1';
const GENERATED_PASSWORD = 'Generated-pass-1';
const MIXED_SESSIONS = 200;
const RESULTS = join(import.meta.dirname, 'results');

interface Row {
  key: string;
  scenario: string;
  workers: number;
  connections: number;
  requests: number;
  errors: number;
  non2xx: number;
  rps: number;
  /** Latencies of the requests sent once every connection had its first answer. */
  p50ms: number;
  p99ms: number;
  /** How long until every connection had its first answer (connections opened into a busy server wait to be accepted). */
  rampMs: number | null;
  cpuPercent: number | null;
  peakMiB: number | null;
  baselineRps: number | null;
  /** The bare route's p99 at the same connections (stress rows only): what the machine allows. */
  baselineP99ms: number | null;
  /** rps / baselineRps */
  ofBaseline: number | null;
  target: number | null;
  /** A p50 latency to stay under, in ms. */
  targetP50ms: number | null;
  /** A p99 latency to stay under, in ms (the stress pass: 3 × the scenario's p50 target). */
  targetP99ms: number | null;
  targetSource: string | null;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await exited(child);
}

// 1. The site: installed with demo data, then generated to the requested size.
const dir = mkdtempSync(join(tmpdir(), 'tessera-bench-'));
const databaseUrl = process.env.DATABASE_URL ?? `sqlite:${join(dir, 'bench.db')}`;
const config = { ...loadConfig({ LOG_LEVEL: 'silent', DEMO_DATA: '1', DEMO_PASSWORD, ADMIN_PASSWORD }), databaseUrl };
const database = await openDatabase(databaseUrl);
const platform = createPlatform(config, database, components);
await installOrUpgrade(platform, components);
const generating = Date.now();
await generateSite(platform.db, { size: SIZES[size], passwordHash: await hashPassword(GENERATED_PASSWORD) });
process.stdout.write(`Generated a size ${size} site on ${database.dialect} in ${((Date.now() - generating) / 1000).toFixed(1)} s\n`);

async function courseByShortname(shortname: string): Promise<{ id: number; contextid: number }> {
  return platform.db
    .selectFrom('course')
    .innerJoin('context', (j) => j.onRef('context.instanceid', '=', 'course.id').on('context.contextlevel', '=', CONTEXT_COURSE))
    .select(['course.id', 'context.id as contextid'])
    .where('course.shortname', '=', shortname)
    .executeTakeFirstOrThrow();
}
const lecture = await courseByShortname('GEN1');
const longCourse = await courseByShortname('GEN2');
/** The editing teacher of a generated course (each has one). */
async function editingTeacherOf(course: { contextid: number }): Promise<{ username: string }> {
  return platform.db
    .selectFrom('role_assignments')
    .innerJoin('role', 'role.id', 'role_assignments.roleid')
    .innerJoin('user', 'user.id', 'role_assignments.userid')
    .select('user.username')
    .where('role.shortname', '=', 'editingteacher')
    .where('role_assignments.contextid', '=', course.contextid)
    .executeTakeFirstOrThrow();
}
const longTeacher = await editingTeacherOf(longCourse);
const lectureTeacher = await editingTeacherOf(lecture);
const lectureAssign = await platform.db.selectFrom('assign').select('id').where('course', '=', lecture.id).where('name', '=', 'Lecture essay').executeTakeFirstOrThrow();
const gradedUser = await platform.db.selectFrom('assign_submission').select('userid').where('assignment', '=', lectureAssign.id).where('status', '=', 'submitted').orderBy('id').executeTakeFirstOrThrow();
const framework = await platform.db.selectFrom('competency_framework').select('id').where('idnumber', '=', GENERATED_FRAMEWORK).executeTakeFirstOrThrow();
const domain = await platform.db.selectFrom('competency').select('id').where('competencyframeworkid', '=', framework.id).where('parentid', '=', 0).orderBy('sortorder').executeTakeFirstOrThrow();
const planTemplate = await platform.db.selectFrom('competency_template').select('id').where('shortname', '=', GENERATED_TEMPLATE).executeTakeFirstOrThrow();
// The report over the whole log, written like a report manager's (the report component checks the query when it runs).
const systemContext = await getSystemContext(platform.db);
const logReport =
  (await platform.db.selectFrom('block_configurable_reports').select('id').where('name', '=', LOG_REPORT.name).executeTakeFirst()) ??
  (await platform.db
    .insertInto('block_configurable_reports')
    .values({ ...LOG_REPORT, summary: '', contextid: systemContext.id, capability: 'moodle/site:viewreports', timecreated: now(), timemodified: now() })
    .returning('id')
    .executeTakeFirstOrThrow());
const tagArea = await platform.db.selectFrom('tag_area').select('tagcollid').where('component', '=', 'core').where('itemtype', '=', 'course').executeTakeFirstOrThrow();

/** Sessions for the mixed load, written straight into the sessions table (logging in 200 users by form would only measure password hashing). */
async function mixedSessions(): Promise<Array<Login & { courseid: number }>> {
  const students = await platform.db
    .selectFrom('user_enrolments')
    .innerJoin('enrol', 'enrol.id', 'user_enrolments.enrolid')
    .innerJoin('user', 'user.id', 'user_enrolments.userid')
    .select(['user.id as userid', 'enrol.courseid'])
    .where('user.username', 'like', 'gen%')
    .where('enrol.courseid', '<>', lecture.id)
    .orderBy('user_enrolments.id')
    .limit(MIXED_SESSIONS)
    .execute();
  const t = now();
  const sessions = students.map((s) => ({ ...s, sid: randomBytes(24).toString('hex'), sesskey: randomBytes(5).toString('hex') }));
  await platform.db
    .insertInto('sessions')
    .values(sessions.map((s) => ({ sid: s.sid, userid: s.userid, sesskey: s.sesskey, data: '{}', firstip: '127.0.0.1', lastip: '127.0.0.1', timecreated: t, timemodified: t })))
    .execute();
  return sessions.map((s) => ({ cookie: `TesseraSession=${s.sid}`, sesskey: s.sesskey, userid: s.userid, courseid: s.courseid }));
}
const mixed = await mixedSessions();

interface Driven {
  result: autocannon.Result;
  /** Latencies once every connection is open (bench/latency.ts says why). */
  steady: SteadyLatency;
}

/** Runs an autocannon instance to its end, noting each answer for the steady-state latencies. */
async function measured(options: autocannon.Options, connections: number): Promise<Driven> {
  const answers: Answer[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error: unknown, done: autocannon.Result) => (error ? reject(error instanceof Error ? error : new Error('autocannon failed')) : resolve(done)));
    instance.on('response', (client, _status, _bytes, responseTime) => {
      const doneAt = performance.now();
      answers.push({ connection: client, sentAt: doneAt - responseTime, doneAt });
    });
  });
  return { result, steady: steadyLatency(answers, connections) };
}

/** Sent with every request, as browsers and the Moodle app send it: answers over 2 KiB come compressed (server/platform/compression.ts). */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

/** The stress pass runs at least this long: fifty connections opened into a busy server take seconds to all be answered once. */
const STRESS_SECONDS = 12;

/** One scenario's load: at its own connections, or the stress pass's many (for at least STRESS_SECONDS). */
function drive(url: string, scenario: Scenario, stress = false): Promise<Driven> {
  const connections = stress ? stressConnections : (scenario.connections ?? concurrency);
  const duration = stress ? Math.max(seconds, STRESS_SECONDS) : seconds;
  const length = scenario.requests === undefined ? { duration } : { amount: scenario.requests };
  return measured({ url, method: scenario.method, headers: { ...BROWSER_HEADERS, ...scenario.headers }, body: scenario.body, connections, ...length }, connections);
}

/** 200 sessions browsing: the dashboard page, their courses, a course page's state; each request as the next session in turn. */
async function driveMixed(base: string): Promise<Driven> {
  let turn = 0;
  const next = () => mixed[turn++ % mixed.length] ?? { cookie: '', sesskey: '', userid: 0, courseid: 0 };
  const call = (methodname: string, args: (s: (typeof mixed)[number]) => unknown): autocannon.Request => ({
    method: 'POST',
    setupRequest: (request) => {
      const s = next();
      return {
        ...request,
        path: `/lib/ajax/service.php?sesskey=${s.sesskey}&info=${methodname}`,
        headers: { ...BROWSER_HEADERS, 'content-type': 'application/json', cookie: s.cookie },
        body: JSON.stringify([{ index: 0, methodname, args: args(s) }]),
      };
    },
  });
  return measured(
    {
      url: base,
      connections: MIXED_SESSIONS,
      duration: seconds,
      requests: [
        { method: 'GET', path: '/my/', setupRequest: (request) => ({ ...request, headers: { ...BROWSER_HEADERS, cookie: next().cookie, accept: 'text/html' } }) },
        call('core_enrol_get_users_courses', (s) => ({ userid: s.userid })),
        call('core_courseformat_get_state', (s) => ({ courseid: s.courseid })),
      ],
    },
    MIXED_SESSIONS,
  );
}

function row(key: string, scenario: string, workers: number, connections: number, driven: Driven, watched: { cpuPercent: number | null; peakMiB: number | null }, target?: Scenario['target']): Row {
  const { result, steady } = driven;
  return {
    key,
    scenario,
    workers,
    connections,
    requests: result.requests.total,
    errors: result.errors,
    non2xx: result.non2xx,
    rps: Math.round(result.requests.average),
    p50ms: steady.p50ms,
    p99ms: steady.p99ms,
    rampMs: steady.rampMs,
    cpuPercent: watched.cpuPercent,
    peakMiB: watched.peakMiB,
    baselineRps: null,
    baselineP99ms: null,
    ofBaseline: null,
    target: target?.rps ?? null,
    targetP50ms: target?.p50ms ?? null,
    targetP99ms: null,
    targetSource: target?.source ?? null,
  };
}

// 2. The real server, as its own process, once per worker count.
const rows: Row[] = [];
const recorded = new Map<string, { method: 'GET' | 'POST'; contentType: string; body: string; scenario: Scenario }>();
let studentSid = '';
const benchIds = (): BenchIds => ({ lectureId: lecture.id, longCourseId: longCourse.id, tagCollId: tagArea.tagcollid, studentSid, lectureAssignId: lectureAssign.id, gradedUserId: gradedUser.userid, frameworkId: framework.id, domainId: domain.id, templateId: planTemplate.id, reportId: logReport.id });
// The compiled server, as `npm start` runs it (not the TypeScript through tsx).
const serverEntry = await buildServer(join(import.meta.dirname, '..', 'dist', 'bench-server'));
/** The server with `workers` processes, serving once every worker is up. */
async function startServer(workers: number): Promise<{ server: ChildProcess; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const profiling = values.profile ? ['--cpu-prof', '--cpu-prof-dir', values.profile] : [];
  const server = startServerProcess({ PORT: String(port), DATABASE_URL: databaseUrl, WORKERS: String(workers), LOG_LEVEL: 'silent' }, undefined, serverEntry, profiling);
  try {
    await waitUntilServing(base);
    await new Promise((r) => setTimeout(r, 1000 * workers));
  } catch (error) {
    await stop(server);
    throw error;
  }
  return { server, base };
}
const plural = (workers: number) => `${workers} worker${workers > 1 ? 's' : ''}`;

for (const workers of workerCounts) {
  const { server, base } = await startServer(workers);
  try {
    const asLogin = async (username: string, password: string): Promise<Login> => {
      const session = await logInByForm(base, username, password);
      const user = await platform.db.selectFrom('user').select('id').where('username', '=', username).executeTakeFirstOrThrow();
      return { ...session, userid: user.id };
    };
    const student = await asLogin('student1', DEMO_PASSWORD);
    studentSid = student.cookie.split('=')[1] ?? '';
    const ids = benchIds();
    const scenarios = buildScenarios(
      ids,
      SIZES[size],
      student,
      await asLogin(longTeacher.username, GENERATED_PASSWORD),
      await asLogin('admin', ADMIN_PASSWORD),
      await asLogin(lectureTeacher.username, GENERATED_PASSWORD),
    );
    for (const scenario of scenarios.filter((s) => wanted(s.key))) {
      // One call first: a scenario answering an exception would measure the error path.
      const probe = await fetch(base + scenario.path, { method: scenario.method, headers: scenario.headers, body: scenario.body });
      const text = await probe.text();
      if (!probe.ok || /"error":true/.test(text)) throw new Error(`${scenario.name} answers ${probe.status}: ${text.slice(0, 300)}`);
      if (scenario.baseline !== false) recorded.set(scenario.key, { method: scenario.method, contentType: probe.headers.get('content-type') ?? 'application/json', body: text, scenario });
      const watched = await watch(server.pid, () => drive(base + scenario.path, scenario));
      rows.push(row(scenario.key, scenario.name, workers, scenario.connections ?? concurrency, watched.result, watched, scenario.target));
      process.stdout.write(`  ${scenario.name} (${plural(workers)}): ${rows.at(-1)?.rps ?? 0} req/s\n`);
      const p50ms = scenario.target?.p50ms;
      if (stressConnections > 0 && p50ms !== undefined) {
        // Many people at once: the issue's p99 target is 3 × the p50 target at this many connections.
        const stressed = await watch(server.pid, () => drive(base + scenario.path, scenario, true));
        rows.push({ ...row(`${scenario.key}@${stressConnections}`, `${scenario.name}, ${stressConnections} at once`, workers, stressConnections, stressed.result, stressed), targetP99ms: 3 * p50ms, targetSource: scenario.target?.source ?? null });
        process.stdout.write(`  ${scenario.name}, ${stressConnections} at once (${plural(workers)}): p99 ${rows.at(-1)?.p99ms ?? '?'} ms\n`);
      }
    }
  } finally {
    await stop(server);
  }
  if (wanted('mixed')) {
    // On a server of its own: memory is the figure here, and what earlier scenarios left in the heap is not this load's.
    const fresh = await startServer(workers);
    try {
      const watched = await watch(fresh.server.pid, () => driveMixed(fresh.base));
      rows.push(row('mixed', `mixed: ${MIXED_SESSIONS} sessions (dashboard, my courses, course page)`, workers, MIXED_SESSIONS, watched.result, watched));
      process.stdout.write(`  mixed (${plural(workers)}): ${rows.at(-1)?.rps ?? 0} req/s, peak ${rows.at(-1)?.peakMiB ?? '?'} MiB\n`);
    } finally {
      await stop(fresh.server);
    }
  }
}

// 3. The baseline: the same answers from bare routes, on the same database.
const baselineFile = join(dir, 'baseline.json');
writeFileSync(
  baselineFile,
  JSON.stringify({
    ids: benchIds(),
    answers: [...recorded.entries()].map(([key, r]) => ({ key, method: r.method, contentType: r.contentType, body: r.body })),
  }),
);
const baselinePort = await freePort();
const baseline = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'baseline-server.ts')], {
  env: { ...process.env, PORT: String(baselinePort), DATABASE_URL: databaseUrl, BASELINE_FILE: baselineFile },
  stdio: 'ignore',
});
try {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      await fetch(`http://127.0.0.1:${baselinePort}/`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error('the baseline server did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  for (const [key, r] of recorded) {
    const { result } = await drive(`http://127.0.0.1:${baselinePort}/baseline/${key}`, { ...r.scenario, path: '' });
    const baselineRps = Math.round(result.requests.average);
    const stressRows = rows.filter((x) => x.key === `${key}@${stressConnections}`);
    if (stressRows.length > 0) {
      // The bare route at the same many connections: the p99 this machine allows for the same answer.
      const { steady } = await drive(`http://127.0.0.1:${baselinePort}/baseline/${key}`, { ...r.scenario, path: '' }, true);
      for (const entry of stressRows) entry.baselineP99ms = steady.p99ms;
    }
    for (const entry of rows.filter((x) => x.key === key)) {
      entry.baselineRps = baselineRps;
      entry.ofBaseline = baselineRps ? Math.round((entry.rps / baselineRps) * 100) / 100 : null;
    }
  }
} finally {
  await stop(baseline);
}
await database.close();
rmSync(dir, { recursive: true, force: true });

// 4. The table, the results file and the comparison.
function meetsTargets(r: Row): boolean {
  // A p99 target is met only when every connection was answered: the latencies of a run where some
  // never were leave out the requests that waited longest.
  return (r.target === null || r.rps >= r.target) && (r.targetP50ms === null || r.p50ms <= r.targetP50ms) && (r.targetP99ms === null || (r.rampMs !== null && r.p99ms <= r.targetP99ms));
}
const latestFile = join(RESULTS, 'latest.json');
const previous = values.compare && existsSync(latestFile) ? (JSON.parse(readFileSync(latestFile, 'utf8')) as { rows: Row[] }) : undefined;
const header = ['scenario', 'workers', 'conn', 'rps', 'p50ms', 'p99ms', 'rampMs', 'cpu%', 'peakMiB', 'baseline', 'ofBaseline', 'base p99', 'target', 'ok'];
const cells = rows.map((r) => [
  r.scenario,
  String(r.workers),
  String(r.connections),
  String(r.rps),
  String(r.p50ms),
  String(r.p99ms),
  // "unfinished": some connection had no answer during the whole run.
  r.rampMs === null ? 'unfinished' : String(r.rampMs),
  r.cpuPercent === null ? '-' : String(r.cpuPercent),
  r.peakMiB === null ? '-' : String(r.peakMiB),
  r.baselineRps === null ? '-' : String(r.baselineRps),
  r.ofBaseline === null ? '-' : `${Math.round(r.ofBaseline * 100)}%`,
  r.baselineP99ms === null ? '-' : String(r.baselineP99ms),
  [r.target === null ? '' : `${r.target}/s`, r.targetP50ms === null ? '' : `p50<${r.targetP50ms}`, r.targetP99ms === null ? '' : `p99<${r.targetP99ms}`].filter(Boolean).join(' ') || '-',
  r.target === null && r.targetP50ms === null && r.targetP99ms === null ? '' : meetsTargets(r) ? 'yes' : 'NO',
]);
const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]?.length ?? 0)));
const line = (c: string[]) => c.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
process.stdout.write(`\n${database.dialect}, size ${size}, ${seconds}s per scenario, ${cpus().length} cores, node ${process.version}\n`);
process.stdout.write([line(header), ...cells.map(line)].join('\n') + '\n');

const result = { date: new Date().toISOString(), dialect: database.dialect, size, seconds, concurrency, cores: cpus().length, node: process.version, rows };
mkdirSync(RESULTS, { recursive: true });
writeFileSync(latestFile, JSON.stringify(result, null, 2));
writeFileSync(join(RESULTS, `${result.date.replace(/[:.]/g, '-')}.json`), JSON.stringify(result, null, 2));
process.stdout.write(`wrote ${latestFile}\n`);

if (previous) {
  const slower = rows.flatMap((r) => {
    const before = previous.rows.find((p) => p.key === r.key && p.workers === r.workers);
    return before && r.rps < before.rps * 0.8 ? [`${r.scenario} (${r.workers} workers): ${before.rps} → ${r.rps} req/s`] : [];
  });
  process.stdout.write(slower.length ? `\nMore than 20 % slower than the previous run:\n${slower.map((s) => `  ${s}`).join('\n')}\n` : '\nNo scenario is more than 20 % slower than the previous run.\n');
  if (slower.length) process.exitCode = 1;
} else if (values.compare) {
  process.stdout.write('\nNo previous results to compare with.\n');
}
