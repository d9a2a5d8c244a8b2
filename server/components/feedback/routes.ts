import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform';
import { registerDeleteItemLink } from './editroute';
import { registerExportRoute } from './export';

/** The feedback's routes besides its pages and web-service methods: the CSV export and the delete link. */
export function registerFeedbackRoutes(app: FastifyInstance, platform: Platform): void {
  registerExportRoute(app, platform);
  registerDeleteItemLink(app, platform);
}
