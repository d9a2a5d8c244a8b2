import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LangSource } from '../strings';
import { FALLBACK_LANG } from './preference';

type Pack = Record<string, string>;

/** What one component's pack in one language lacks or gets wrong, measured against English. */
export interface PackReport {
  component: string;
  file: string;
  /** English ids with no translation: the site shows them in English. */
  missing: string[];
  /** Ids English no longer has: never shown, safe to delete. */
  stale: string[];
  /** Translations whose placeholders or HTML tags differ from the English string's. */
  mismatched: Array<{ id: string; problem: string }>;
}

export interface LanguageReport {
  lang: string;
  /** English ids over every component, and how many this language translates. */
  strings: number;
  translated: number;
  packs: PackReport[];
}

function readPack(file: string): Pack {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Pack) : {};
}

/**
 * The placeholders of a string, sorted, with repeats: `{$a}` and `{$a->name}`, and the tokens some
 * strings hand to code (`%%USERID%%` in SQL help, `_TOTAL_` in table texts).
 */
export function placeholders(text: string): string[] {
  return (text.match(/\{\$a(?:->[A-Za-z0-9_]+)?\}|%%[A-Z]+%%|\b_[A-Z]+_\b/g) ?? []).sort();
}

/** The names of a string's HTML tags (`<strong>`, `</a>`), sorted, so translations may move them. */
export function htmlTags(text: string): string[] {
  return (text.match(/<\/?[a-zA-Z][a-zA-Z0-9]*/g) ?? []).map((t) => t.toLowerCase()).sort();
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Why a translation cannot stand in for the English string, or null when it can. */
export function translationProblem(english: string, translation: string): string | null {
  if (translation.trim() === '' && english.trim() !== '') return 'empty translation';
  if (!sameList(placeholders(english), placeholders(translation))) return `placeholders ${placeholders(translation).join(' ') || 'none'} instead of ${placeholders(english).join(' ') || 'none'}`;
  if (!sameList(htmlTags(english), htmlTags(translation))) return `HTML tags ${htmlTags(translation).join(' ') || 'none'} instead of ${htmlTags(english).join(' ') || 'none'}`;
  return null;
}

/** Every language with a pack in any component besides English, sorted. */
export function otherLanguages(sources: readonly LangSource[]): string[] {
  const codes = new Set<string>();
  for (const { langDir } of sources) {
    if (!existsSync(langDir)) continue;
    for (const f of readdirSync(langDir)) if (/^[a-z_]+\.json$/.test(f)) codes.add(f.slice(0, -'.json'.length));
  }
  codes.delete(FALLBACK_LANG);
  return [...codes].sort();
}

/** Compares one language's packs with English, component by component. */
export function languageReport(sources: readonly LangSource[], lang: string): LanguageReport {
  const packs: PackReport[] = [];
  let strings = 0;
  let translated = 0;
  for (const { component, langDir } of sources) {
    const english = readPack(join(langDir, `${FALLBACK_LANG}.json`));
    const file = join(langDir, `${lang}.json`);
    const own = readPack(file);
    const report: PackReport = { component, file, missing: [], stale: [], mismatched: [] };
    for (const [id, text] of Object.entries(english)) {
      strings += 1;
      const translation = own[id];
      if (translation === undefined) {
        report.missing.push(id);
        continue;
      }
      translated += 1;
      const problem = translationProblem(text, translation);
      if (problem) report.mismatched.push({ id, problem });
    }
    report.stale = Object.keys(own).filter((id) => english[id] === undefined);
    packs.push(report);
  }
  return { lang, strings, translated, packs };
}
