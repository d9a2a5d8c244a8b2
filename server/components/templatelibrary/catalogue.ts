import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { Platform } from '../../platform/platform';

/** Template components name the platform `core`, as Moodle's templates do. */
function templateComponent(name: string): string {
  return name === 'moodle' ? 'core' : name;
}

/** Template names under a folder: relative paths without `.mustache`, with `/` between folders. */
function namesIn(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.mustache') && statSync(join(dir, f)).isFile())
    .map((f) => f.slice(0, -'.mustache'.length).split(sep).join('/'));
}

interface Catalogue {
  /** Each component's template folder. */
  dirs: Map<string, string>;
  /** Each component's template names. */
  names: Map<string, string[]>;
}

const catalogues = new WeakMap<Platform['components'], Catalogue>();

/**
 * The components' templates, read once per process: the template revision is fixed at start too, so
 * a template added later needs a restart either way.
 */
function catalogue(platform: Platform): Catalogue {
  let found = catalogues.get(platform.components);
  if (!found) {
    const dirs = new Map(platform.components.map((c) => [templateComponent(c.name), join(c.dir, 'templates')]));
    found = { dirs, names: new Map([...dirs].map(([component, dir]) => [component, namesIn(dir)])) };
    catalogues.set(platform.components, found);
  }
  return found;
}

/**
 * Every template as `component/name`, sorted and unique (reference §6): of one component, or all.
 * A theme's own templates are listed only for the given theme (all themes when none is given), and
 * only those in `local/`: its other folders hold replacements for other components' templates.
 * `search` keeps the names containing it, case-sensitively.
 */
export function listTemplates(platform: Platform, filter: { component: string; search: string; themename: string }): string[] {
  const { names } = catalogue(platform);
  const out = new Set<string>();
  for (const [component, templates] of names) {
    if (filter.component && templateComponent(filter.component) !== component) continue;
    const isTheme = component.startsWith('theme_');
    if (isTheme && filter.themename && component !== `theme_${filter.themename}`) continue;
    for (const name of templates) {
      if (isTheme && name.includes('/') && !name.startsWith('local/')) continue;
      const full = `${component}/${name}`;
      if (full.includes(filter.search)) out.add(full);
    }
  }
  return [...out].sort();
}

/** The template's source in its component's own folder, comments and all; false when there is none. */
export function canonicalSource(platform: Platform, component: string, template: string): string | false {
  const dir = catalogue(platform).dirs.get(templateComponent(component));
  if (!dir) return false;
  const file = join(dir, `${template}.mustache`);
  return existsSync(file) ? readFileSync(file, 'utf8') : false;
}

/** The themes that carry their own copy of a component's template, with its source, by theme name. */
export function themeOverrides(platform: Platform, component: string, template: string): Array<{ themename: string; source: string }> {
  const root = platform.templates.themesDir;
  if (!existsSync(root)) return [];
  const themes = readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && /^[a-z0-9_]+$/.test(d.name))
    .map((d) => d.name)
    .sort();
  return themes.flatMap((themename) => {
    const file = join(root, themename, 'templates', templateComponent(component), `${template}.mustache`);
    return existsSync(file) ? [{ themename, source: readFileSync(file, 'utf8') }] : [];
  });
}
