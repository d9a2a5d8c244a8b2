import { join } from 'node:path';
import { existsSync } from 'node:fs';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { ComponentDefinition } from './platform/component';
import { registerAuthRoutes } from './platform/auth/routes';
import { AppError } from './platform/errors';
import { registerPages } from './platform/pages';
import type { Platform } from './platform/platform';
import { loadSession } from './platform/session';
import { MethodRegistry } from './ws/registry';
import { registerWebServiceRoutes } from './ws/routes';

const ASSETS = join(import.meta.dirname, '..', 'dist', 'web', 'assets');

declare module 'fastify' {
  interface FastifyInstance {
    methods: MethodRegistry;
  }
}

/** Builds the whole HTTP application on a platform; tests build it too and drive it with inject(). */
export async function buildApp(platform: Platform, components: readonly ComponentDefinition[]): Promise<FastifyInstance> {
  const app = Fastify({ loggerInstance: platform.log as FastifyBaseLogger, trustProxy: true, disableRequestLogging: platform.config.logLevel !== 'debug' });
  const registry = new MethodRegistry(components);
  app.decorate('methods', registry);

  await app.register(cookie);
  await app.register(formbody);
  // The shell sets its own nonce-based policy per page; helmet adds the other protective headers.
  await app.register(helmet, { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false });
  if (existsSync(ASSETS)) {
    await app.register(fastifyStatic, { root: ASSETS, prefix: '/assets/', immutable: true, maxAge: '365d', decorateReply: false });
  }

  app.decorateRequest('tsession', null);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/assets/')) return;
    await loadSession(platform, request);
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.status).send({
        error: platform.strings.errorMessage(error.errorcode, error.component, error.a),
        errorcode: error.errorcode,
      });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      return reply.code(status).send({ error: (error as Error).message, errorcode: 'invalidrequest' });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ error: platform.strings.errorMessage('unexpectederror', 'error'), errorcode: 'unexpectederror' });
  });

  registerAuthRoutes(app, platform);
  registerWebServiceRoutes(app, platform, registry);
  for (const component of components) await component.routes?.(app, platform);
  registerPages(app, platform, components);
  return app;
}
