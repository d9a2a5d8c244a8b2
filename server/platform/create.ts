import { pino } from 'pino';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { ComponentDefinition } from './component';
import type { Platform } from './platform';
import { StringManager } from './strings';
import { TemplateManager } from './templates';

/** Assembles the process-wide services over an open database. */
export function createPlatform(config: Config, database: Database, components: readonly ComponentDefinition[]): Platform {
  const langSources = components.map((c) => ({ component: c.name, langDir: `${c.dir}/lang` }));
  // Core keeps its packs per component: lang/moodle and lang/error.
  const core = components.find((c) => c.name === 'moodle');
  if (core) {
    langSources.splice(langSources.findIndex((s) => s.component === 'moodle'), 1,
      { component: 'moodle', langDir: `${core.dir}/lang/moodle` },
      { component: 'error', langDir: `${core.dir}/lang/error` });
  }
  return {
    config,
    db: database.db,
    dialect: database.dialect,
    strings: new StringManager(langSources),
    templates: new TemplateManager(components),
    log: pino({ level: config.logLevel }),
    components,
  };
}
