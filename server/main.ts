import cluster from 'node:cluster';
import { parseArgs } from 'node:util';
import { buildApp } from './app';
import { components } from './components/registry';
import { loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/database';
import { sweepUnreferencedContent } from './components/files/storage';
import { createPlatform } from './platform/create';
import type { Platform } from './platform/platform';
import { installOrUpgrade } from './platform/install';

const { values: flags } = parseArgs({ options: { workers: { type: 'string' } }, strict: false });
const config = loadConfig(typeof flags.workers === 'string' ? { ...process.env, WORKERS: flags.workers } : process.env);

/** Installs or upgrades the site (before any process serves) and prints the first-run passwords. */
async function prepare(settings: Config, database: Database): Promise<void> {
  const result = await installOrUpgrade(createPlatform(settings, database, components), components);
  if (!result.installed) return;
  const lines = ['', 'Tessera: a new site was created.'];
  if (result.generatedAdminPassword) lines.push(`  admin password: ${result.generatedAdminPassword}  (shown once; set ADMIN_PASSWORD to choose it)`);
  if (result.generatedDemoPassword) lines.push(`  demo users' password: ${result.generatedDemoPassword}  (shown once; set DEMO_PASSWORD to choose it)`);
  process.stdout.write(lines.join('\n') + '\n\n');
}

const DAY_MS = 86_400_000;

/**
 * Once a day each serving process removes stored file contents no file record names any more (deleted
 * submissions, replaced pictures). Removing is idempotent, so processes sweeping at once do no harm;
 * the first sweep waits a random part of an hour so a fleet does not start together.
 */
function scheduleFileSweep(platform: Platform): void {
  const sweep = () => {
    sweepUnreferencedContent(platform.db, platform.config.filesDir)
      .then((removed) => platform.log.info({ removed }, 'swept unreferenced file contents'))
      .catch((error: unknown) => platform.log.warn({ err: error }, 'sweeping unreferenced file contents failed'));
  };
  setTimeout(() => {
    sweep();
    setInterval(sweep, DAY_MS).unref();
  }, Math.random() * 3_600_000).unref();
}

/** One serving process on its own connection (pool), platform and app. */
async function serve(settings: Config, database: Database): Promise<void> {
  const platform = createPlatform(settings, database, components);
  const app = await buildApp(platform, components);
  scheduleFileSweep(platform);
  await app.listen({ port: settings.port, host: settings.host });
  if (cluster.isPrimary) process.stdout.write(`Tessera is serving ${settings.wwwroot}\n`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app.close().then(() => database.close()).then(() => process.exit(0));
    });
  }
}

/**
 * Several processes on one port (node cluster): the primary installs, forks the workers and replaces
 * any that dies. Workers share nothing but the database: sessions and permissions live there.
 */
async function supervise(settings: Config): Promise<void> {
  const database = await openDatabase(settings.databaseUrl);
  await prepare(settings, database);
  await database.close();
  let stopping = false;
  let listening = 0;
  cluster.on('listening', () => {
    listening += 1;
    if (listening === settings.workers) process.stdout.write(`Tessera is serving ${settings.wwwroot} with ${settings.workers} worker processes\n`);
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    process.stderr.write(`worker ${worker.process.pid ?? '?'} ended (${signal ?? code}); starting another\n`);
    cluster.fork();
  });
  for (let i = 0; i < settings.workers; i += 1) cluster.fork();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    });
  }
}

if (config.workers > 1 && cluster.isPrimary) {
  await supervise(config);
} else {
  const database = await openDatabase(config.databaseUrl);
  // A worker's primary has installed already; a single process installs for itself.
  if (cluster.isPrimary) await prepare(config, database);
  await serve(config, database);
}
