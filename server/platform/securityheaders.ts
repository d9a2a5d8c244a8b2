import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/** What helmet adds to an answer (without the content security policy, which pages set with a nonce each). */
const HELMET_OPTIONS = { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false } as const;

/**
 * The protective headers helmet puts on an answer (no framing by other sites, no type sniffing, no
 * referrer, HTTPS kept once used…), read once from helmet itself on a throwaway server. They never
 * vary between requests, and helmet's own per-request middleware chain cost more than the rest of a
 * cached web-service call, so every answer gets this one frozen set instead.
 */
export async function helmetHeaders(): Promise<Readonly<Record<string, string>>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, HELMET_OPTIONS);
  probe.get('/', () => '');
  const answer = await probe.inject('/');
  await probe.close();
  const plain = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  const headers = Object.entries(answer.headers).flatMap(([name, value]) => (typeof value === 'string' && !plain.has(name) ? [[name, value] as const] : []));
  return Object.freeze(Object.fromEntries(headers));
}

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = await helmetHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}
