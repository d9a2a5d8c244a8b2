/**
 * `npm run lang:report`: what each language pack lacks compared with English — ids not translated
 * yet (shown in English meanwhile), ids English no longer has, and translations whose placeholders
 * or HTML differ from the English string. A report, not a test: it exits 0 unless `--strict` is given
 * (then 1 when anything is missing or wrong). `--lang es` narrows it to one language, `--json` prints
 * the whole report as JSON.
 */
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { components } from '../server/components/registry';
import { languageReport, otherLanguages, type LanguageReport } from '../server/platform/lang/coverage';
import { langSources } from '../server/platform/lang/sources';

const { values } = parseArgs({ options: { lang: { type: 'string' }, json: { type: 'boolean', default: false }, strict: { type: 'boolean', default: false } } });
const sources = langSources(components);
const languages = values.lang ? [values.lang] : otherLanguages(sources);
const reports = languages.map((lang) => languageReport(sources, lang));

function percent(r: LanguageReport): string {
  return r.strings ? ((100 * r.translated) / r.strings).toFixed(1) : '100.0';
}

function print(r: LanguageReport): void {
  const lines = [`${r.lang}: ${r.translated} of ${r.strings} strings translated (${percent(r)} %)`];
  for (const pack of r.packs) {
    if (!pack.missing.length && !pack.stale.length && !pack.mismatched.length) continue;
    lines.push(`  ${pack.component} (${relative(process.cwd(), pack.file)})`);
    if (pack.missing.length) lines.push(`    missing ${pack.missing.length}: ${pack.missing.join(', ')}`);
    if (pack.stale.length) lines.push(`    no longer in English ${pack.stale.length}: ${pack.stale.join(', ')}`);
    for (const m of pack.mismatched) lines.push(`    ${m.id}: ${m.problem}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

if (values.json) process.stdout.write(`${JSON.stringify(reports, null, 2)}\n`);
else if (!reports.length) process.stdout.write('Only English is installed.\n');
else reports.forEach(print);

const faults = reports.some((r) => r.packs.some((p) => p.missing.length || p.stale.length || p.mismatched.length));
process.exitCode = values.strict && faults ? 1 : 0;
