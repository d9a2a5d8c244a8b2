import { join } from 'node:path';
import type { ComponentDefinition } from '../component';
import type { LangSource } from '../strings';

/**
 * Where each component keeps its language packs: `<dir>/lang/<code>.json`, except core, which keeps
 * two packs of its own (`lang/moodle` for `moodle`, `lang/error` for errors).
 */
export function langSources(components: readonly ComponentDefinition[]): LangSource[] {
  return components.flatMap((c) =>
    c.name === 'moodle'
      ? [
          { component: 'moodle', langDir: join(c.dir, 'lang', 'moodle') },
          { component: 'error', langDir: join(c.dir, 'lang', 'error') },
        ]
      : [{ component: c.name, langDir: join(c.dir, 'lang') }],
  );
}
