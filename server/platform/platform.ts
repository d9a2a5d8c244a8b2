import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { DialectName } from '../db/database';
import type { DB } from '../db/schema';
import type { ComponentDefinition } from './component';
import type { StringManager } from './strings';
import type { TemplateManager } from './templates';

/** The long-lived services of one server process. Everything else lives in the database. */
export interface Platform {
  config: Config;
  db: Kysely<DB>;
  dialect: DialectName;
  strings: StringManager;
  log: Logger;
  templates: TemplateManager;
  /** Every component of the site, in install order. */
  components: readonly ComponentDefinition[];
}

/** Unix time in seconds, the unit of every time column. */
export function now(): number {
  return Math.floor(Date.now() / 1000);
}
