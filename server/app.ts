import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import type { ComponentDefinition } from './platform/component';
import { registerAuthRoutes } from './platform/auth/routes';
import { registerCompression } from './platform/compression';
import { AppError, fromDatabaseError } from './platform/errors';
import { registerPages } from './platform/pages';
import type { Platform } from './platform/platform';
import { loadSession } from './platform/session';
import { lazyRequestLogger } from './platform/requestlog';
import { registerSecurityHeaders } from './platform/securityheaders';
import { MethodRegistry } from './ws/registry';
import { registerWebServiceRoutes } from './ws/routes';

const FAVICON = readFileSync(join(import.meta.dirname, 'platform', 'assets', 'favicon.svg'));

declare module 'fastify' {
  interface FastifyInstance {
    methods: MethodRegistry;
    /** Every route registered, as method and URL: the security suite walks it. */
    routeTable: Array<{ method: string; url: string }>;
  }
}

/** Builds the whole HTTP application on a platform; tests build it too and drive it with inject(). */
export async function buildApp(platform: Platform, components: readonly ComponentDefinition[]): Promise<FastifyInstance> {
  const app = Fastify({
    // pino's Logger type leaks into FastifyInstance's generics; widening it keeps the default instance type
    // the route modules expect. The rule cannot see that the assertion changes the inferred instance type.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    loggerInstance: platform.log as FastifyBaseLogger,
    trustProxy: true,
    logController: new LogController({ disableRequestLogging: platform.config.logLevel !== 'debug' }),
    childLoggerFactory: lazyRequestLogger,
  });
  const registry = new MethodRegistry(components);
  app.decorate('methods', registry);
  const routeTable: Array<{ method: string; url: string }> = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url });
  });

  await app.register(cookie);
  await app.register(formbody);
  if (platform.config.compression) await registerCompression(app);
  // The shell sets its own nonce-based content security policy per page; these are the other protective headers.
  await registerSecurityHeaders(app);
  const assets = join(platform.config.webDistDir, 'assets');
  if (existsSync(assets)) {
    // The build writes .br and .gz beside each script and stylesheet (scripts/vite-precompress.ts).
    await app.register(fastifyStatic, { root: assets, prefix: '/assets/', immutable: true, maxAge: '365d', decorateReply: false, preCompressed: true });
  }

  app.decorateRequest('tsession', null);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/assets/')) return;
    await loadSession(platform, request);
  });

  app.setErrorHandler((thrown, request, reply) => {
    const error = fromDatabaseError(thrown) ?? thrown;
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

  // The site icon, for the app and the server-rendered login pages alike.
  app.get('/theme/favicon.svg', (_request, reply) => reply.header('Content-Type', 'image/svg+xml').header('Cache-Control', 'public, max-age=86400').send(FAVICON));
  app.get('/favicon.ico', (_request, reply) => reply.redirect('/theme/favicon.svg', 301));
  registerAuthRoutes(app, platform);
  registerWebServiceRoutes(app, platform, registry);
  for (const component of components) await component.routes?.(app, platform);
  registerPages(app, platform, components);
  return app;
}
