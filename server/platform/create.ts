import { pino } from 'pino';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { ComponentDefinition } from './component';
import { langSources } from './lang/sources';
import type { Platform } from './platform';
import { StringManager } from './strings';
import { TemplateManager } from './templates';

/** Assembles the process-wide services over an open database. */
export function createPlatform(config: Config, database: Database, components: readonly ComponentDefinition[]): Platform {
  return {
    config,
    db: database.db,
    dialect: database.dialect,
    strings: new StringManager(langSources(components)),
    templates: new TemplateManager(components),
    log: pino({ level: config.logLevel }),
    components,
  };
}
