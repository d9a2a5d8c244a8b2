import fc from 'fast-check';
import { z } from 'zod';

/** The parts of a JSON schema (zod's input side) the generator reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  pattern?: string;
}

/** A method's arguments as JSON schema, the way a client must send them. */
export function argsSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Text an attacker or a careless import would send. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '<script>window.__xss=1</script>',
  '"><img src=x onerror="window.__xss=1">',
  "javascript:alert('x')",
  "' OR '1'='1",
  "1; DROP TABLE user; --",
  '%',
  '_',
  '\\',
  '../../../../etc/passwd',
  '\u0000',
  '\u202e\u0645\u0631\u062d\u0628\u0627 👩🏽‍🏫 𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  'a'.repeat(10_000),
  '{{#str}}pluginname, core{{/str}}',
  '${7*7}',
];

/** Numbers at and past the edges of ids and counts. */
export const HOSTILE_NUMBERS: readonly number[] = [-1, 0, 1, -2_147_483_648, 2_147_483_647, 2_147_483_648, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER];

const hostileString = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 20 }));
const hostileInt = fc.oneof(fc.constantFrom(...HOSTILE_NUMBERS), fc.integer());
const hostileNumber = fc.oneof(hostileInt, fc.double({ noNaN: true, noDefaultInfinity: true }));

function typesOf(schema: JsonSchema): string[] {
  return schema.type === undefined ? [] : [schema.type].flat();
}

/**
 * Values of the schema's own shape and types, filled with hostile content: the calls that get past
 * argument validation and reach the method's own code.
 */
export function typedHostile(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((c) => typedHostile(c, depth)));
  const types = typesOf(schema);
  if (types.length > 1) return fc.oneof(...types.map((type) => typedHostile({ ...schema, type }, depth)));
  switch (types[0]) {
    case 'string':
      // A pattern (digits for ids sent as text, a name's alphabet) is kept, so the call gets past validation.
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      return hostileString.map((s) => (schema.maxLength !== undefined ? s.slice(0, schema.maxLength) : s));
    case 'integer':
      return hostileInt;
    case 'number':
      return hostileNumber;
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(typedHostile(schema.items ?? {}, depth + 1), { maxLength: 3 });
    case 'object': {
      if (depth > 4) return fc.constant({});
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const entries = Object.entries(properties);
      if (entries.length === 0) return fc.constant({});
      return fc.record(
        Object.fromEntries(entries.map(([key, child]) => [key, typedHostile(child, depth + 1)])),
        { requiredKeys: entries.map(([key]) => key).filter((key) => required.has(key)) },
      );
    }
    default:
      return fc.oneof(hostileString, hostileInt, fc.constant(null));
  }
}

/** A value of the wrong kind for the schema: what a buggy or malicious client sends. */
function wrongKind(schema: JsonSchema): fc.Arbitrary<unknown> {
  const types = typesOf(schema);
  const options: Array<fc.Arbitrary<unknown>> = [];
  if (!types.includes('string')) options.push(fc.constantFrom('x', '12abc', '<b>1</b>'));
  if (!types.includes('integer') && !types.includes('number')) options.push(fc.constantFrom(7, -1, 1.5));
  if (!types.includes('object')) options.push(fc.constant({ nested: { deeper: true } }));
  if (!types.includes('array')) options.push(fc.constant([1, 'two']));
  if (!types.includes('null')) options.push(fc.constant(null));
  if (types.includes('integer')) options.push(fc.constantFrom(1.5, '1e3', '0x10', Number.MAX_VALUE));
  return options.length ? fc.oneof(...options) : fc.constant({ unexpected: true });
}

/**
 * Arguments broken in the ways validation must catch: not an object, a field of the wrong kind, a
 * required field missing, an unknown field added.
 */
export function malformed(schema: JsonSchema): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  const valid = typedHostile(schema);
  const options: Array<fc.Arbitrary<unknown>> = [fc.constantFrom('args', 42, [], [{}], true)];
  options.push(valid.map((args) => ({ ...(args as object), zzunknownfield: '<script>1</script>' })));
  if (properties.length) {
    options.push(
      fc.tuple(valid, fc.constantFrom(...properties)).chain(([args, [key, child]]) => wrongKind(child).map((bad) => ({ ...(args as object), [key]: bad }))),
    );
    const required = schema.required ?? [];
    if (required.length) {
      options.push(
        fc.tuple(valid, fc.constantFrom(...required)).map(([args, key]) => {
          const copy = { ...(args as Record<string, unknown>) };
          delete copy[key];
          return copy;
        }),
      );
    }
  }
  return fc.oneof(...options);
}
