import type { FastifyInstance } from 'fastify';
import type { ComponentMigrations } from '../db/migrator';
import type { CallContext, MethodDefinition } from '../ws/method';
import type { CapabilityDefinition } from './access/types';
import type { Platform } from './platform';

/** The arguments a fragment callback receives (core_get_fragment), already flattened to a map. */
export interface FragmentRequest {
  args: Record<string, string>;
  contextid: number;
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
  routes?: (app: FastifyInstance, platform: Platform) => void | Promise<void>;
  /** core_get_fragment callbacks by name; each checks its own permissions. */
  fragments?: Record<string, (ctx: CallContext, request: FragmentRequest) => Promise<{ html: string; javascript: string }>>;
}
