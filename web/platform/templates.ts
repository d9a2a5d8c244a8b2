import Mustache from 'mustache';
import { coreOutputLoadTemplate } from '../../api/core';
import { call } from './ajax';
import { config } from './config';
import { pageStorage } from './storage';
import { getStrings, peekRaw, substitute } from './strings';

const memory = new Map<string, string>();
const inflight = new Map<string, Promise<string>>();

const PARTIAL = /\{\{>\s*([a-z0-9_]+)\/([A-Za-z0-9_/-]+)\s*\}\}/g;
const STR = /\{\{#str\}\}([\s\S]*?)\{\{\/str\}\}/g;

function cacheKey(component: string, name: string): string {
  const cfg = config();
  const base = `${cfg.theme}/${component}/${name}`;
  return cfg.templaterev > 0 ? `core_template/${cfg.templaterev}:${base}` : `core_template/${base}`;
}

/** The source of a template, from memory, localStorage (when templaterev > 0) or the server. */
export function loadTemplate(component: string, name: string): Promise<string> {
  const key = cacheKey(component, name);
  const hit = memory.get(key);
  if (hit !== undefined) return Promise.resolve(hit);
  const persist = config().templaterev > 0;
  if (persist) {
    const stored = pageStorage().get(key);
    if (stored !== null) {
      memory.set(key, stored);
      return Promise.resolve(stored);
    }
  }
  const running = inflight.get(key);
  if (running) return running;
  const promise = call(coreOutputLoadTemplate, { component, template: name, themename: config().theme })
    .then((source) => {
      memory.set(key, source);
      if (persist) pageStorage().set(key, source);
      return source;
    })
    .finally(() => inflight.delete(key));
  inflight.set(key, promise);
  return promise;
}

/** `{{#str}}key, component, a{{/str}}` arguments. */
function strArgs(text: string): { key: string; component: string; a?: string } {
  const [key = '', component = 'moodle', ...rest] = text.split(',');
  return { key: key.trim(), component: component.trim() || 'moodle', a: rest.length ? rest.join(',').trim() : undefined };
}

/** Loads a template, every partial it names (recursively) and every string its str helpers use. */
async function prefetch(component: string, name: string, partials: Record<string, string>): Promise<void> {
  const full = `${component}/${name}`;
  if (full in partials) return;
  const source = await loadTemplate(component, name);
  partials[full] = source;
  const strings = [...source.matchAll(STR)].map((m) => strArgs(m[1] ?? ''));
  await Promise.all([
    getStrings(strings.map((s) => ({ key: s.key, component: s.component }))),
    ...[...source.matchAll(PARTIAL)].map((m) => prefetch(m[1] ?? '', m[2] ?? '', partials)),
  ]);
}

/**
 * Renders a template with its context. Partials and strings are fetched first; if any fetch fails
 * the promise rejects with "Failed to pre-fetch the template".
 */
export async function renderTemplate(template: string, context: Record<string, unknown>): Promise<string> {
  const slash = template.indexOf('/');
  const component = template.slice(0, slash);
  const name = template.slice(slash + 1);
  const partials: Record<string, string> = {};
  try {
    await prefetch(component, name, partials);
  } catch (cause) {
    const message = peekRaw('failedtoprefetch') ?? 'Failed to pre-fetch the template';
    throw new Error(message, { cause });
  }
  const view = {
    ...context,
    str: () => (text: string, render: (t: string) => string) => {
      const { key, component: strComponent, a } = strArgs(render(text));
      // Language strings are trusted HTML; the parameter was escaped when the section was rendered.
      return substitute(peekRaw(key, strComponent) ?? `[[${key},${strComponent}]]`, a);
    },
  };
  return Mustache.render(partials[template] ?? '', view, partials);
}
