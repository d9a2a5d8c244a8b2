import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import Mustache from 'mustache';
import type { ComponentDefinition } from './component';
import { AppError } from './errors';
import type { StringManager } from './strings';

const THEMES_DIR = join(import.meta.dirname, '..', 'themes');
export const DEFAULT_THEME = 'boost';

/** Template components use `core` for the platform, as Moodle's templates do. */
function templateComponent(name: string): string {
  return name === 'moodle' ? 'core' : name;
}

function listTemplates(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.mustache') && statSync(join(dir, f)).isFile())
    .map((f) => join(dir, f));
}

/**
 * Finds Mustache templates: a theme's override (`server/themes/<theme>/templates/<component>/<name>.mustache`)
 * first, then the component's own `templates/<name>.mustache`. Renders with partials across components.
 */
export class TemplateManager {
  private readonly dirs = new Map<string, string>();
  readonly revision: number;

  constructor(components: readonly ComponentDefinition[], readonly themesDir = THEMES_DIR) {
    for (const c of components) this.dirs.set(templateComponent(c.name), join(c.dir, 'templates'));
    const hash = createHash('sha1');
    const files = [...this.dirs.values(), this.themesDir].flatMap(listTemplates).sort();
    for (const file of files) hash.update(relative(this.themesDir, file)).update(readFileSync(file));
    this.revision = hash.digest().readUInt32BE(0) & 0x7fffffff || 1;
  }

  private find(component: string, name: string, theme: string): string | undefined {
    if (!/^[a-z0-9_]+$/.test(component) || !/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/.test(name)) return undefined;
    const candidates = [
      ...(theme && /^[a-z0-9_]+$/.test(theme) ? [join(this.themesDir, theme, 'templates', component, `${name}.mustache`)] : []),
      ...(this.dirs.has(component) ? [join(this.dirs.get(component) as string, `${name}.mustache`)] : []),
    ];
    return candidates.find((file) => existsSync(file));
  }

  /** A template's source; Mustache comments are removed unless asked for. */
  load(component: string, name: string, theme = DEFAULT_THEME, includeComments = false): string {
    const file = this.find(templateComponent(component), name, theme);
    if (!file) throw new AppError('filenotfound', { debuginfo: `${component}/${name}`, status: 404 });
    const source = readFileSync(file, 'utf8');
    return includeComments ? source : source.replace(/\{\{!(?:[^}]|\}(?!\}))*\}\}\n?/g, '');
  }

  /**
   * Renders `component/name` with partials (`{{> component/name}}`) looked up the same way, and a
   * `{{#str}}identifier, component, a{{/str}}` helper answered from the language packs.
   */
  render(component: string, name: string, context: Record<string, unknown>, strings: StringManager, theme = DEFAULT_THEME, lang = 'en'): string {
    const view = {
      ...context,
      str: () => (text: string, render: (t: string) => string) => {
        // Language strings are trusted HTML; the parameter was escaped when the section was rendered.
        const [identifier = '', comp = 'moodle', ...rest] = render(text).split(',');
        const a = rest.length ? rest.join(',').trim() : undefined;
        return strings.get(identifier.trim(), comp.trim() || 'moodle', a, lang);
      },
    };
    return Mustache.render(this.load(component, name, theme), view, (partial) => {
      const [comp = 'core', ...rest] = partial.split('/');
      return this.load(comp, rest.join('/'), theme);
    });
  }
}
