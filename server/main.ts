import cluster from 'node:cluster';
import { parseArgs } from 'node:util';
import { buildApp } from './app';
import { components } from './components/registry';
import { loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/database';
import { createPlatform } from './platform/create';
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

/** One serving process on its own connection (pool), platform and app. */
async function serve(settings: Config, database: Database): Promise<void> {
  const app = await buildApp(createPlatform(settings, database, components), components);
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
