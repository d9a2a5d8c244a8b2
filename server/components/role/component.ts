import type { FastifyInstance } from 'fastify';
import type { ComponentDefinition } from '../../platform/component';
import type { Platform } from '../../platform/platform';
import { defineParts } from './define-component';
import { overrideParts } from './override-component';

/**
 * Roles and permissions: role definitions and the allow matrices, role assignment in a context,
 * permission overrides (the permission manager and its ajax endpoint) and the permission check.
 */
export const roleComponent: ComponentDefinition = {
  name: 'core_role',
  dir: import.meta.dirname,
  methods: [...defineParts.methods, ...overrideParts.methods],
  pages: [...defineParts.pages, ...overrideParts.pages],
  routes: async (app: FastifyInstance, platform: Platform) => {
    await defineParts.routes?.(app, platform);
    await overrideParts.routes?.(app, platform);
  },
};
