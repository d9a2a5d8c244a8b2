import { EXAMPLE_MARKER } from '../../../api/templatelibrary';

/** The bodies of a template's Mustache comments, in order. */
function comments(source: string): string[] {
  return [...source.matchAll(/\{\{!([\s\S]*?)\}\}/g)].map((m) => m[1] ?? '');
}

/** The documentation comment of `component/name` in a source: the comment naming it with @template. */
export function docComment(source: string | false | undefined, name: string): string | undefined {
  if (!source) return undefined;
  const marker = new RegExp(`@template\\s+${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|$)`);
  return comments(source).find((c) => marker.test(c));
}

/**
 * The documentation shown for a template (reference §6): the theme's copy's comment when it has one,
 * else the component's own, with its common indentation removed.
 */
export function documentation(themed: string | undefined, canonical: string | false | undefined, name: string): string | undefined {
  const found = docComment(themed, name) ?? docComment(canonical, name);
  if (found === undefined) return undefined;
  const lines = found.replace(/^\s*\n/, '').replace(/\s+$/, '').split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^\s*/.exec(l)?.[0].length ?? 0));
  return lines.map((l) => l.slice(Number.isFinite(indent) ? indent : 0)).join('\n');
}

export type Example = { kind: 'none' } | { kind: 'invalid'; error: string } | { kind: 'context'; context: Record<string, unknown> };

/** The example context after "Example context (json):" to the end of the documentation, parsed strictly. */
export function exampleOf(doc: string | undefined): Example {
  if (doc === undefined) return { kind: 'none' };
  const at = doc.indexOf(EXAMPLE_MARKER);
  if (at < 0) return { kind: 'none' };
  const text = doc.slice(at + EXAMPLE_MARKER.length).trim();
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return { kind: 'invalid', error: 'not an object' };
    return { kind: 'context', context: value as Record<string, unknown> };
  } catch (error) {
    return { kind: 'invalid', error: error instanceof Error ? error.message : String(error) };
  }
}
