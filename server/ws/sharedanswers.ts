import { compressText, type Encoding } from '../platform/compression';

/**
 * Answers shared between callers (work joined through SharedCalls): the same object reaches every
 * caller who joined, so checking it against the contract and writing it as JSON happen once per
 * object rather than once per caller. Fifty graders opening the same 5,000-row list cost one check
 * and one JSON text. Only objects marked here are remembered, and a marked object must not change.
 */
const shared = new WeakSet<object>();
const checked = new WeakMap<object, unknown>();
const texts = new WeakMap<object, string>();

/** Marks an answer as shared between callers; returns it. */
export function sharedAnswer<T extends object>(answer: T): T {
  shared.add(answer);
  return answer;
}

function isShared(value: unknown): value is object {
  return typeof value === 'object' && value !== null && shared.has(value);
}

/**
 * The answer as the contract's check leaves it; for a shared answer, the result of the first check
 * (itself marked shared). A failed check is not remembered: it throws each time.
 */
export function checkedOnce<T>(answer: unknown, check: (answer: unknown) => T): T {
  if (!isShared(answer)) return check(answer);
  if (checked.has(answer)) return checked.get(answer) as T;
  const result = check(answer);
  if (typeof result === 'object' && result !== null) sharedAnswer(result);
  checked.set(answer, result);
  return result;
}

/** A batch's answers as JSON text, each shared answer written once; the same text JSON.stringify gives. */
export function batchJson(results: ReadonlyArray<{ error: boolean; data?: unknown }>): string {
  if (!results.some((r) => !r.error && isShared(r.data))) return JSON.stringify(results);
  const parts = results.map((r) => {
    if (r.error || !isShared(r.data)) return JSON.stringify(r);
    let text = texts.get(r.data);
    if (text === undefined) texts.set(r.data, (text = JSON.stringify(r.data)));
    return `{"error":false,"data":${text}}`;
  });
  return `[${parts.join(',')}]`;
}

/** The one shared answer a batch consists of, if it is just that (the case worth keeping compressed). */
export function soleSharedAnswer(results: ReadonlyArray<{ error: boolean; data?: unknown }>): object | null {
  const [only] = results;
  return results.length === 1 && only && !only.error && isShared(only.data) ? only.data : null;
}

const packed = new WeakMap<object, Map<Encoding, Promise<Buffer>>>();

/**
 * A batch text made of one shared answer, compressed once per encoding (off the main thread) and
 * handed to every caller: fifty graders opening the same list cost one compression, not fifty.
 */
export function compressedOnce(answer: object, text: string, encoding: Encoding): Promise<Buffer> {
  let forms = packed.get(answer);
  if (!forms) packed.set(answer, (forms = new Map<Encoding, Promise<Buffer>>()));
  let body = forms.get(encoding);
  if (!body) forms.set(encoding, (body = compressText(text, encoding)));
  return body;
}
