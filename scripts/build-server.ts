/**
 * `npm run build` (after the web build): compiles the server into one ES module, `dist/server/main.mjs`,
 * which `npm start` runs with plain Node. Running the TypeScript through tsx at start would keep a
 * second JavaScript engine (the loader thread) and every transformed module in memory for the life of
 * the process: about 55 MiB per server process.
 *
 * Packages stay outside the bundle (they load from node_modules, native SQLite included). Source files
 * that locate their language packs, templates, styles or images beside themselves (`import.meta.dirname`,
 * `import.meta.url`) get those paths rewritten relative to the bundle, so the bundle finds the same files
 * in the source tree it was built from; build it where it will run, inside the project.
 *
 * `--out DIR` (default dist/server) builds elsewhere in the project, for the browser tests' own server.
 */
import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build, type Plugin } from 'esbuild';

const ROOT = join(import.meta.dirname, '..');

/** The module's own place, as the bundle will compute it at run time from its own location. */
function rewriteOwnLocation(outDir: string): Plugin {
  return {
    name: 'tessera-own-location',
    setup(builder) {
      builder.onLoad({ filter: /\.ts$/ }, async (args) => {
        let text = await readFile(args.path, 'utf8');
        if (text.includes('import.meta.dirname') || text.includes('import.meta.url')) {
          const dir = JSON.stringify(relative(outDir, dirname(args.path)));
          const file = JSON.stringify(relative(outDir, args.path));
          text = text.replaceAll('import.meta.dirname', `__tesseraDir(${dir})`).replaceAll('import.meta.url', `__tesseraUrl(${file})`);
        }
        return { contents: text, loader: 'ts' };
      });
    },
  };
}

const PRELUDE = [
  "import { join as __tesseraJoin } from 'node:path';",
  "import { pathToFileURL as __tesseraFileUrl } from 'node:url';",
  'const __tesseraDir = (rel) => __tesseraJoin(import.meta.dirname, rel);',
  'const __tesseraUrl = (rel) => __tesseraFileUrl(__tesseraJoin(import.meta.dirname, rel)).href;',
].join('\n');

/** Builds the server bundle into `outDir` (inside the project) and answers the entry file's path. */
export async function buildServer(outDir = join(ROOT, 'dist', 'server')): Promise<string> {
  const out = resolve(outDir);
  const fromRoot = relative(ROOT, out);
  if (fromRoot.startsWith('..') || isAbsolute(fromRoot)) throw new Error(`build the server inside the project (${ROOT}), not in ${out}: its packages load from node_modules there`);
  const entry = join(out, 'main.mjs');
  await build({
    entryPoints: [join(ROOT, 'server', 'main.ts')],
    outfile: entry,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
    banner: { js: PRELUDE },
    plugins: [rewriteOwnLocation(out)],
  });
  return entry;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const entry = await buildServer(values.out ? resolve(values.out) : undefined);
  process.stdout.write(`server built: ${relative(process.cwd(), entry)}\n`);
}
