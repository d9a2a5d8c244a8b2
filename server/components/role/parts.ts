import type { FastifyInstance } from 'fastify';
import type { PageDefinition } from '../../platform/component';
import type { Platform } from '../../platform/platform';
import type { MethodDefinition } from '../../ws/method';

/** One part of the role component: its methods, pages and plain HTTP routes. */
export interface ComponentParts {
  methods: readonly MethodDefinition[];
  pages: readonly PageDefinition[];
  routes?: (app: FastifyInstance, platform: Platform) => void | Promise<void>;
}
