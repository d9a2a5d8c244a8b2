import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { ComponentMigrations } from '../db/migrator';
import type { CallContext, MethodDefinition } from '../ws/method';
import type { CapabilityDefinition } from './access/types';
import type { InplaceCallbacks, InplaceCurrent } from './inplace';
import type { Platform } from './platform';

/** The arguments a fragment callback receives (core_get_fragment), already flattened to a map. */
export interface FragmentRequest {
  args: Record<string, string>;
  contextid: number;
}

/**
 * A page of the single-page app that the server guards before serving the app shell: login is always
 * required; `guard` checks the rest (capabilities, that the record exists) and throws AppError to refuse.
 */
export interface PageDefinition {
  path: string;
  guard?: (ctx: CallContext, query: Record<string, string | undefined>) => Promise<void>;
}

/** An activity module (assign, quiz, …): how the course page learns its instances' names. */
export interface ActivityDefinition {
  modname: string;
  /** Names and descriptions of the given instances, in one query. */
  instances(db: Kysely<DB>, ids: readonly number[]): Promise<Map<number, { name: string; intro: string }>>;
}

/**
 * Everything one component brings: its tables, capabilities, web-service methods, pages, strings
 * (`<dir>/lang/<lang>.json`) and output templates (`<dir>/templates/*.mustache`).
 */
export interface ComponentDefinition {
  /** Frankenstyle name: `core`, `core_course`, `core_tag`, `mod_assign`, `tool_lp`, … */
  name: string;
  /** The component's folder (lang/ and templates/ live under it). */
  dir: string;
  migrations?: ComponentMigrations['migrations'];
  capabilities?: readonly CapabilityDefinition[];
  methods?: readonly MethodDefinition[];
  pages?: readonly PageDefinition[];
  activity?: ActivityDefinition;
  routes?: (app: FastifyInstance, platform: Platform) => void | Promise<void>;
  /** core_get_fragment callbacks by name; each checks its own permissions. */
  fragments?: Record<string, (ctx: CallContext, request: FragmentRequest) => Promise<{ html: string; javascript: string }>>;
  /** core_update_inplace_editable callbacks by item type; each checks its own permissions. */
  inplaceEditable?: InplaceCallbacks;
  /** Readers of the current value, by item type, for items whose saves are checked for conflicts. */
  inplaceCurrent?: Record<string, InplaceCurrent>;
}
