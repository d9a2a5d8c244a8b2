/**
 * Latency once every connection is open. A Node server that is fully busy accepts about one waiting
 * connection per turn of its event loop, so when a load tool opens fifty connections into it at once,
 * the last of them waits seconds for its first answer: measured on this machine with a bare Fastify
 * route that only burns 6 ms of CPU per request (34 extra connections into a server kept busy by 16
 * others were first answered one every 110 ms, 3.4 s for the last). That start-up is the same for any
 * Node server and says nothing about how long a request takes once its connection is open, so the
 * latencies that count are those of requests sent after every connection has had its first answer;
 * the start-up is reported on its own as the ramp.
 */

/** One answer: which connection it came on, when its request was sent and when the answer ended (ms). */
export interface Answer {
  connection: unknown;
  sentAt: number;
  doneAt: number;
}

export interface SteadyLatency {
  /** Answers counted (sent after the ramp); all of them when the run ended before every connection had one. */
  counted: number;
  p50ms: number;
  p99ms: number;
  /** From the first request sent until every connection had its first answer; null when some never had one. */
  rampMs: number | null;
}

/** The value below which `share` of the sorted values lie (nearest rank). */
export function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(share * sorted.length)));
  return sorted[rank - 1] ?? 0;
}

export function steadyLatency(answers: readonly Answer[], connections: number): SteadyLatency {
  // Loops, not Math.min(...): a fast scenario gives tens of thousands of answers, more than a call's arguments.
  let start = Infinity;
  const firstAnswer = new Map<unknown, number>();
  for (const a of answers) {
    start = Math.min(start, a.sentAt);
    firstAnswer.set(a.connection, Math.min(firstAnswer.get(a.connection) ?? Infinity, a.doneAt));
  }
  let rampEnd: number | null = null;
  if (firstAnswer.size >= connections) for (const doneAt of firstAnswer.values()) rampEnd = Math.max(rampEnd ?? -Infinity, doneAt);
  const steady = rampEnd === null ? answers : answers.filter((a) => a.sentAt >= rampEnd);
  const counted = steady.length > 0 ? steady : answers;
  const sorted = counted.map((a) => a.doneAt - a.sentAt).sort((x, y) => x - y);
  return {
    counted: counted.length,
    p50ms: Math.round(percentile(sorted, 0.5)),
    p99ms: Math.round(percentile(sorted, 0.99)),
    rampMs: rampEnd === null || answers.length === 0 ? null : Math.round(rampEnd - start),
  };
}
