import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where a component keeps its language pack: `<langDir>/<lang>.json`, a flat `{identifier: text}` map. */
export interface LangSource {
  component: string;
  langDir: string;
}

type Pack = Record<string, string>;

/** The pack files of a language directory (`en.json`, `pt_br.json`), sorted. */
function packFiles(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((f) => /^[a-z_]+\.json$/.test(f)).sort() : [];
}

/** Core strings answer to `moodle`, `core` and the empty component name. */
export function normaliseComponent(component: string | undefined | null): string {
  if (!component || component === 'core' || component === 'moodle') return 'moodle';
  return component;
}

/**
 * Replaces `{$a}` with a scalar, or `{$a->key}` with each non-numeric key's scalar value.
 * Nested values and numeric keys are left alone, as are placeholders nothing matches.
 */
export function substitute(text: string, a: unknown): string {
  if (a === undefined || a === null) return text;
  if (typeof a === 'string' || typeof a === 'number' || typeof a === 'boolean') {
    return text.split('{$a}').join(String(a));
  }
  if (typeof a === 'object') {
    let out = text;
    for (const [key, value] of Object.entries(a as Record<string, unknown>)) {
      if (/^\d+$/.test(key)) continue;
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
        out = out.split(`{$a->${key}}`).join(String(value));
      }
    }
    return out;
  }
  return text;
}

/** Reads every component's language packs once and answers string look-ups from memory. */
export class StringManager {
  private readonly dirs = new Map<string, string>();
  private readonly packs = new Map<string, Pack>();
  private installed: ReadonlyArray<{ code: string; name: string }> | undefined;
  /** Changes whenever any language file changes; clients key their caches on it. */
  readonly revision: number;

  constructor(sources: readonly LangSource[], readonly defaultLang = 'en') {
    for (const s of sources) this.dirs.set(normaliseComponent(s.component), s.langDir);
    // Every language's files count: a new translation must reach browsers that cached the old one.
    const hash = createHash('sha1');
    for (const [component, dir] of [...this.dirs].sort(([a], [b]) => a.localeCompare(b))) {
      for (const file of packFiles(dir)) hash.update(component).update(file).update(readFileSync(join(dir, file)));
    }
    this.revision = hash.digest().readUInt32BE(0) & 0x7fffffff || 1;
  }

  private pack(component: string, lang: string): Pack {
    const key = `${component}/${lang}`;
    let pack = this.packs.get(key);
    if (pack === undefined) {
      const dir = this.dirs.get(component);
      const file = dir === undefined ? undefined : join(dir, `${lang}.json`);
      pack = file !== undefined && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Pack) : {};
      this.packs.set(key, pack);
    }
    return pack;
  }

  private lookup(identifier: string, component: string, lang: string): string | undefined {
    const c = normaliseComponent(component);
    return this.pack(c, lang)[identifier] ?? (lang === this.defaultLang ? undefined : this.pack(c, this.defaultLang)[identifier]);
  }

  exists(identifier: string, component = 'moodle', lang = this.defaultLang): boolean {
    return this.lookup(identifier, component, lang) !== undefined;
  }

  /** The string with placeholders filled; an unknown identifier answers `[[identifier]]`. */
  get(identifier: string, component = 'moodle', a?: unknown, lang = this.defaultLang): string {
    const text = this.lookup(identifier, component, lang);
    return text === undefined ? `[[${identifier}]]` : substitute(text, a);
  }

  /** The message of an error: the component's string, core errors, core strings, else `module/errorcode`. */
  errorMessage(errorcode: string, component: string, a?: unknown, lang = this.defaultLang): string {
    const c = normaliseComponent(component);
    const candidates = c === 'moodle' || c === 'error' ? ['error', 'moodle'] : [c];
    for (const candidate of candidates) {
      const text = this.lookup(errorcode, candidate, lang);
      if (text !== undefined) return substitute(text, a);
    }
    return `${c === 'moodle' ? 'error' : c}/${errorcode}`;
  }

  /**
   * The installed languages: those with a core (`moodle`) pack, each named by its own `thislanguage`
   * string, the default language first.
   */
  languages(): ReadonlyArray<{ code: string; name: string }> {
    if (this.installed) return this.installed;
    const dir = this.dirs.get('moodle');
    const codes = dir === undefined ? [] : packFiles(dir).map((f) => f.slice(0, -'.json'.length));
    if (!codes.includes(this.defaultLang)) codes.push(this.defaultLang);
    this.installed = codes
      .sort((a, b) => (a === this.defaultLang ? -1 : b === this.defaultLang ? 1 : a.localeCompare(b)))
      .map((code) => ({ code, name: this.pack('moodle', code).thislanguage ?? code }));
    return this.installed;
  }

  /** Whether a language pack of that code is installed (has a core pack). */
  isInstalled(lang: string): boolean {
    return this.languages().some((l) => l.code === lang);
  }

  /** The language itself when installed, else the default: what a page in that language is shown in. */
  installedOr(lang: string): string {
    return this.isInstalled(lang) ? lang : this.defaultLang;
  }

  /** The writing direction of a language: its core pack's `thisdirection`, left to right unless it says `rtl`. */
  direction(lang: string): 'ltr' | 'rtl' {
    return this.pack('moodle', lang).thisdirection === 'rtl' ? 'rtl' : 'ltr';
  }

  /** The string ids a component's pack in that language defines (none when it has no such pack). */
  identifiers(component: string, lang = this.defaultLang): string[] {
    return Object.keys(this.pack(normaliseComponent(component), lang));
  }

  /** How much of the default language a pack covers: the default's ids, and how many of them it translates. */
  coverage(lang: string): { strings: number; translated: number } {
    let strings = 0;
    let translated = 0;
    for (const component of this.dirs.keys()) {
      const own = this.pack(component, lang);
      for (const id of Object.keys(this.pack(component, this.defaultLang))) {
        strings += 1;
        if (own[id] !== undefined) translated += 1;
      }
    }
    return { strings, translated };
  }

  /** Every component with a pack, for the language customisation and documentation screens. */
  components(): string[] {
    return [...this.dirs.keys()];
  }
}
