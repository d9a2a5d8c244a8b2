import { buildApp } from './app';
import { components } from './components/registry';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { createPlatform } from './platform/create';
import { installOrUpgrade } from './platform/install';

const config = loadConfig();
const database = await openDatabase(config.databaseUrl);
const platform = createPlatform(config, database, components);
const result = await installOrUpgrade(platform, components);

if (result.installed) {
  const lines = ['', 'Tessera: a new site was created.'];
  if (result.generatedAdminPassword) lines.push(`  admin password: ${result.generatedAdminPassword}  (shown once; set ADMIN_PASSWORD to choose it)`);
  if (result.generatedDemoPassword) lines.push(`  demo users' password: ${result.generatedDemoPassword}  (shown once; set DEMO_PASSWORD to choose it)`);
  process.stdout.write(lines.join('\n') + '\n\n');
}

const app = await buildApp(platform, components);
await app.listen({ port: config.port, host: config.host });
process.stdout.write(`Tessera is serving ${config.wwwroot}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => database.close()).then(() => process.exit(0));
  });
}
