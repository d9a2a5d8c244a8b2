import type { FastifyInstance } from 'fastify';
import type { Platform } from './platform';

/**
 * Runs `task` every `intervalMs` while the server is up: started when the server is ready, stopped when
 * it closes, never overlapping itself (a tick while the last run is still going is skipped), and a
 * failure is logged as `failure` rather than stopping the timer.
 */
export function runPeriodically(app: FastifyInstance, platform: Platform, intervalMs: number, failure: string, task: (platform: Platform) => Promise<unknown>): void {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  app.addHook('onReady', (done) => {
    timer = setInterval(() => {
      if (running) return;
      running = true;
      task(platform)
        .catch((error: unknown) => platform.log.error({ err: error }, failure))
        .finally(() => {
          running = false;
        });
    }, intervalMs);
    timer.unref();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer);
    done();
  });
}
