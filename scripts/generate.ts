/**
 * `npm run generate -- --size S|M|L|XL`: fills the site's database (DATABASE_URL, or the default
 * SQLite file `npm start` uses) with a large generated site; see server/generator. Installs the site
 * first when the database is empty. Interrupted runs resume where they stopped; a bigger size over a
 * smaller one adds the difference. Generated users (gen1, gen2, …) share GENERATED_PASSWORD
 * (default "Generated-pass-1").
 */
import { parseArgs } from 'node:util';
import { mkdirSync } from 'node:fs';
import { components } from '../server/components/registry';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { generateSite, type GeneratorProgress } from '../server/generator/generate';
import { SIZE_NAMES, SIZES, isSizeName } from '../server/generator/sizes';
import { hashPassword } from '../server/platform/auth/passwords';
import { createPlatform } from '../server/platform/create';
import { installOrUpgrade } from '../server/platform/install';

const { values } = parseArgs({ options: { size: { type: 'string', default: 'S' } } });
const sizeName = (values.size ?? 'S').toUpperCase();
if (!isSizeName(sizeName)) {
  process.stderr.write(`Unknown size "${values.size}": use one of ${SIZE_NAMES.join(', ')}\n`);
  process.exit(2);
}

const config = { ...loadConfig(), logLevel: 'silent' };
if (config.databaseUrl.startsWith('sqlite:./data/')) mkdirSync('data', { recursive: true });
const database = await openDatabase(config.databaseUrl);
const platform = createPlatform(config, database, components);
const installed = await installOrUpgrade(platform, components);
if (installed.generatedAdminPassword) process.stdout.write(`A new site was installed; admin password: ${installed.generatedAdminPassword}\n`);

const password = process.env.GENERATED_PASSWORD || 'Generated-pass-1';
const started = Date.now();
let last = '';

/** One line per step, redrawn in place on a terminal: a bar, the count and the rate. */
function show(progress: GeneratorProgress): void {
  const width = 30;
  const filled = progress.total ? Math.round((progress.done / progress.total) * width) : width;
  const seconds = Math.max((Date.now() - started) / 1000, 0.001);
  const line = `${progress.step.padEnd(13)} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${progress.done.toLocaleString('en')}/${progress.total.toLocaleString('en')}  ${seconds.toFixed(0)}s`;
  if (process.stderr.isTTY) {
    process.stderr.write(`\r${line}`);
    if (progress.done >= progress.total) process.stderr.write('\n');
  } else {
    // Not a terminal (a log file): a line at each tenth of a step.
    const tenth = progress.total ? Math.floor((progress.done / progress.total) * 10) : 10;
    const mark = `${progress.step}:${tenth}`;
    if (mark !== last) process.stderr.write(`${line}\n`);
    last = mark;
  }
}

process.stdout.write(`Generating a size ${sizeName} site on ${database.dialect} (${JSON.stringify(SIZES[sizeName])})\n`);
await generateSite(platform.db, { size: SIZES[sizeName], passwordHash: await hashPassword(password), onProgress: show });
await database.close();
process.stdout.write(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s. Generated users gen1… log in with "${password}".\n`);
