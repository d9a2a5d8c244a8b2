import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyRequestLogger } from './requestlog';

function collectingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

describe('the request logger made on first use', () => {
  it('logs with the request id bound, at the level of the server logger, and makes no child for a request that logs nothing', async () => {
    const { logger, lines } = collectingLogger();
    let children = 0;
    const child = logger.child.bind(logger);
    logger.child = ((...args: Parameters<typeof child>) => (children++, child(...args))) as typeof logger.child;
    const app = Fastify({ loggerInstance: logger, disableRequestLogging: true, childLoggerFactory: lazyRequestLogger });
    app.get('/quiet', () => ({ ok: true }));
    app.get('/loud', (request) => {
      request.log.debug('not at this level');
      request.log.warn({ detail: 7 }, 'something to note');
      return { level: request.log.level };
    });
    await app.ready();
    children = 0;

    expect((await app.inject('/quiet')).json()).toEqual({ ok: true });
    expect(children).toBe(0);

    const answer = await app.inject('/loud');
    expect(answer.json()).toEqual({ level: 'info' });
    expect(children).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'something to note', detail: 7, level: 40 });
    expect(lines[0]?.reqId).toEqual(expect.any(String));
    await app.close();
  });
});
