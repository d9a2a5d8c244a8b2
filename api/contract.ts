import type { z } from 'zod';

/**
 * A web-service method's contract: its name, who may call it, and zod schemas of its arguments and
 * answer. Declared once in `api/<component>.ts`; the server binds a handler to it, the SPA calls it
 * through the typed ajax client, and the documentation page is made from it.
 */
export interface MethodContract<A extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  name: string;
  component: string;
  description: string;
  /** read or write: write methods are refused to guests. */
  type: 'read' | 'write';
  /** false: callable without a session through service-nologin.php, and no sesskey is checked. */
  loginRequired: boolean;
  /** Capabilities the handler checks, for the documentation page and the permission-matrix tests. */
  capabilities: readonly string[];
  args: A;
  returns: R;
}

/** Tells a contract from the other things an api module exports (schemas, constants). */
export function isContract(value: unknown): value is MethodContract {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Partial<MethodContract>;
  return typeof c.name === 'string' && typeof c.component === 'string' && typeof c.loginRequired === 'boolean' && c.args !== undefined && c.returns !== undefined;
}

export type ArgsOf<C extends MethodContract> = z.input<C['args']>;
export type ResultOf<C extends MethodContract> = z.output<C['returns']>;

export function contract<A extends z.ZodType, R extends z.ZodType>(c: MethodContract<A, R>): MethodContract<A, R> {
  return c;
}
