import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_STRING_IDS } from '../../../web/components/admin/tools';
import { components } from '../../components/registry';
import { StringManager } from '../strings';
import { languageReport, otherLanguages, translationProblem } from './coverage';
import { langSources } from './sources';
import { findStringUses, type StringUse } from './usage';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const sources = langSources(components);
const english = new StringManager(sources);

/** Whether English answers a use the way the code asks: errors from the error and core packs too. */
function known(use: StringUse): boolean {
  if (use.kind === 'error' && (use.component === 'moodle' || use.component === 'error')) return english.exists(use.id, 'error') || english.exists(use.id, 'moodle');
  return english.exists(use.id, use.component);
}

const where = (u: StringUse) => `${u.component}/${u.id} (${u.file}:${u.line})`;

describe('the string ids the code uses', () => {
  const usage = findStringUses(ROOT);

  it('all exist in the English packs', () => {
    expect(usage.uses.length).toBeGreaterThan(1000);
    expect(usage.uses.filter((u) => !known(u)).map(where)).toEqual([]);
  });

  it('are asked for before a lookup shows them (else the page shows an empty string)', () => {
    expect(usage.unrequested.map(where)).toEqual([]);
  });

  it('include the site administration tree, whose ids are computed from its data', () => {
    expect(ADMIN_STRING_IDS.filter((id) => !english.exists(id, 'moodle'))).toEqual([]);
  });

  it('are read without running the code for nearly every use', () => {
    // Ids built at run time are not checked; keep them the exception.
    expect(usage.dynamic).toBeLessThan(usage.uses.length / 20);
  });
});

describe('finding string uses', () => {
  const root = mkdtempSync(join(tmpdir(), 'string-uses-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  function write(path: string, text: string): void {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  write('web/components/x/strings.ts', "export const COMPONENT = 'mod_x';\nexport const X_STRINGS = ['one', 'two'] as const;\n");
  write(
    'web/components/x/Page.tsx',
    [
      "import { COMPONENT, X_STRINGS } from './strings';",
      'export function Page() {',
      "  const s = useStrings(COMPONENT, [...X_STRINGS, 'three']);",
      "  const m = useStrings('moodle', ['ok']);",
      "  return [s('one'), s(flag ? 'two' : 'three'), s('four'), m('ok'), s(`dyn${n}`)];",
      '}',
      "void getString('cancel');",
      "void getStrings([{ key: 'close', component: 'core_user' }]);",
    ].join('\n'),
  );
  write(
    'server/components/x/say.ts',
    [
      "const COMPONENT = 'mod_x';",
      'export function sayFor(ctx) {',
      '  return (id, a) => ctx.platform.strings.get(id, COMPONENT, a, ctx.lang);',
      '}',
      "export const xError = (code, a) => new AppError(code, { component: COMPONENT, a });",
    ].join('\n'),
  );
  write(
    'server/components/x/external.ts',
    [
      "import { sayFor, xError } from './say';",
      'export function handler(ctx) {',
      '  const say = sayFor(ctx);',
      "  say('greeting');",
      "  ctx.platform.strings.get('topic', 'moodle');",
      "  platform.strings.errorMessage('nopermissions', 'error');",
      "  throw xError('badthing');",
      '}',
      "export const refuse = () => new AppError('invalidthing');",
    ].join('\n'),
  );
  write('server/components/x/templates/card.mustache', '<p>{{#str}}greet, mod_x, {{name}}{{/str}} {{#str}}close{{/str}}</p>');
  const found = findStringUses(root);
  const ids = (kind: StringUse['kind']) => found.uses.filter((u) => u.kind === kind).map((u) => `${u.component}/${u.id}`).sort();

  it('reads useStrings lists through imported constants and spreads', () => {
    expect(ids('list')).toEqual(['mod_x/one', 'mod_x/three', 'mod_x/two', 'moodle/ok']);
  });

  it('reads lookups, both sides of a condition, and flags ids the list does not ask for', () => {
    expect(ids('lookup')).toEqual(['mod_x/four', 'mod_x/one', 'mod_x/three', 'mod_x/two', 'moodle/ok']);
    expect(found.unrequested.map((u) => u.id)).toEqual(['four']);
    expect(found.dynamic).toBe(1);
  });

  it('reads direct calls, wrappers made by factories, and the string manager', () => {
    expect(ids('call')).toEqual(['core_user/close', 'mod_x/greeting', 'moodle/cancel', 'moodle/topic']);
  });

  it('reads error codes of AppError, directly and through a wrapper, and errorMessage', () => {
    expect(ids('error')).toEqual(['error/invalidthing', 'error/nopermissions', 'mod_x/badthing']);
  });

  it('reads the str helper of templates', () => {
    expect(ids('template')).toEqual(['mod_x/greet', 'moodle/close']);
  });
});

describe('the other language packs', () => {
  const languages = otherLanguages(sources);

  it('ship Spanish and the right-to-left Arabic', () => {
    expect(languages).toEqual(expect.arrayContaining(['ar', 'es']));
    expect(english.direction('ar')).toBe('rtl');
    expect(english.direction('es')).toBe('ltr');
  });

  it.each(languages)('%s keeps every placeholder and HTML tag of the English strings it translates', (lang) => {
    const report = languageReport(sources, lang);
    expect(report.packs.flatMap((p) => p.mismatched.map((m) => `${p.component}/${m.id}: ${m.problem}`))).toEqual([]);
  });

  it.each(languages)('%s: what it lacks is reported, never failed (npm run lang:report lists the ids)', (lang) => {
    const report = languageReport(sources, lang);
    const missing = report.packs.filter((p) => p.missing.length).map((p) => `${p.component} ${p.missing.length}`);
    // A report, not a check: new English strings wait for their translation and show in English meanwhile.
    process.stdout.write(`${lang}: ${report.translated} of ${report.strings} strings translated${missing.length ? `; missing: ${missing.join(', ')}` : ''}\n`);
    expect(report.translated).toBeLessThanOrEqual(report.strings);
  });
});

describe('translations', () => {
  it('must keep placeholders and tags, in any order', () => {
    expect(translationProblem('Delete {$a->name}?', '¿Eliminar {$a->name}?')).toBeNull();
    expect(translationProblem('{$a->a} of {$a->b}', '{$a->b} من {$a->a}')).toBeNull();
    expect(translationProblem('Delete {$a}?', '¿Eliminar?')).toMatch(/placeholders/);
    expect(translationProblem('<strong>Note</strong>', 'Nota')).toMatch(/HTML/);
    expect(translationProblem('Showing _START_ to _END_', 'Mostrando _START_')).toMatch(/_END_/);
    expect(translationProblem('Ready', ' ')).toBe('empty translation');
  });
});

describe('the string manager', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lang-packs-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const pack = (component: string, lang: string, strings: Record<string, string>) => {
    mkdirSync(join(dir, component), { recursive: true });
    writeFileSync(join(dir, component, `${lang}.json`), JSON.stringify(strings));
  };
  pack('moodle', 'en', { thislanguage: 'English', yes: 'Yes', topic: 'Topic {$a}', newer: 'Only in English' });
  pack('moodle', 'es', { thislanguage: 'Español', thisdirection: 'ltr', yes: 'Sí', topic: 'Tema {$a}' });
  pack('moodle', 'ar', { thislanguage: 'العربية', thisdirection: 'rtl', yes: 'نعم' });
  const manager = () =>
    new StringManager([
      { component: 'moodle', langDir: join(dir, 'moodle') },
      { component: 'mod_y', langDir: join(dir, 'mod_y') },
    ]);

  it('answers in the language asked for, and falls back to English for what a pack lacks', () => {
    const strings = manager();
    expect(strings.get('topic', 'moodle', 3, 'es')).toBe('Tema 3');
    expect(strings.get('newer', 'moodle', undefined, 'es')).toBe('Only in English');
    expect(strings.get('topic', 'moodle', 3, 'ar')).toBe('Topic 3');
    expect(strings.get('topic', 'moodle', 3, 'xx')).toBe('Topic 3');
    expect(strings.get('absent', 'moodle', undefined, 'es')).toBe('[[absent]]');
  });

  it('lists the installed languages by their own names, default first, with direction and coverage', () => {
    const strings = manager();
    expect(strings.languages()).toEqual([
      { code: 'en', name: 'English' },
      { code: 'ar', name: 'العربية' },
      { code: 'es', name: 'Español' },
    ]);
    expect(strings.direction('ar')).toBe('rtl');
    expect(strings.direction('en')).toBe('ltr');
    expect(strings.installedOr('es')).toBe('es');
    expect(strings.installedOr('fr')).toBe('en');
    expect(strings.coverage('es')).toEqual({ strings: 4, translated: 3 });
  });

  it('changes its revision when a translation changes, so browsers fetch it again', () => {
    const before = manager().revision;
    pack('moodle', 'es', { thislanguage: 'Español', yes: 'Sí', topic: 'Tema {$a}', newer: 'Solo en inglés' });
    expect(manager().revision).not.toBe(before);
  });
});
