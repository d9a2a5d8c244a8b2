import { z } from 'zod';

/** One line of a method's argument or answer description, indented by `depth`. */
export interface SchemaLine {
  depth: number;
  name: string;
  type: string;
  required: boolean;
  defaultValue?: string;
  description?: string;
}

type JsonSchema = {
  type?: string | string[];
  title?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
};

function typeName(schema: JsonSchema): string {
  if (schema.title) return schema.title;
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.anyOf) return schema.anyOf.map(typeName).join(' | ');
  if (schema.type === 'array') return `list of ${schema.items ? typeName(schema.items) : 'any'}`;
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  return schema.type ?? 'any';
}

function walk(schema: JsonSchema, name: string, required: boolean, depth: number, out: SchemaLine[]): void {
  const line: SchemaLine = { depth, name, type: typeName(schema), required };
  if (schema.default !== undefined) line.defaultValue = JSON.stringify(schema.default);
  if (schema.description) line.description = schema.description;
  out.push(line);
  const inner = schema.type === 'array' ? schema.items : schema;
  const nullable = schema.anyOf?.find((s) => s.type === 'object');
  const objectSchema = inner?.properties ? inner : nullable;
  for (const [key, child] of Object.entries(objectSchema?.properties ?? {})) {
    walk(child, key, objectSchema?.required?.includes(key) ?? false, depth + 1, out);
  }
}

/**
 * Flattens a zod schema into indented lines for the documentation page: arguments as the client
 * sends them (input side), answers as the server returns them (output side).
 */
export function summariseSchema(schema: z.ZodType, io: 'input' | 'output'): SchemaLine[] {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  const out: SchemaLine[] = [];
  if (json.properties) {
    for (const [key, child] of Object.entries(json.properties)) walk(child, key, json.required?.includes(key) ?? false, 0, out);
  } else {
    walk(json, '', true, 0, out);
  }
  return out;
}
