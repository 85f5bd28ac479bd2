import Ajv2020 from 'ajv/dist/2020.js';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';

/** The part of JSON Schema the OpenAPI document of zod schemas uses. */
export interface Schema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
}

interface Parameter {
  in: 'query' | 'path' | 'header';
  name: string;
  schema?: Schema;
}

/** One operation of the document, with what a request to it may carry. */
export interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: { type: string; schema: Schema } | null;
  responses: Record<string, Schema | null>;
}

type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema: Schema }> };
        responses?: Record<string, { content?: Record<string, { schema: Schema }> }>;
      }
    >
  >;
};

/** Every operation of an OpenAPI document. */
export function operationsOf(doc: OpenApi): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const content = op.requestBody?.content ?? {};
      const type = Object.keys(content)[0];
      return {
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: type ? { type, schema: content[type]?.schema ?? {} } : null,
        responses: Object.fromEntries(
          Object.entries(op.responses ?? {}).map(([status, r]) => [
            status,
            r.content?.['application/json']?.schema ?? null,
          ]),
        ),
      };
    }),
  );
}

/** Values that have broken parsers before: edges of numbers, SQL and LIKE characters, unicode, NUL. */
const NASTY = [
  '',
  ' ',
  '0',
  '-1',
  '1',
  '2',
  '20',
  '2147483648',
  '99999999999999999999',
  '1e309',
  'NaN',
  'null',
  'true',
  '%',
  '_',
  '\\',
  "'; drop table responses; --",
  'ü€😀',
  'a\u0000b',
  '../../etc/passwd',
  '<script>alert(1)</script>',
];

const anyJson = fc.jsonValue({ maxDepth: 2 });
const nastyText = fc.oneof(fc.constantFrom(...NASTY), fc.string({ maxLength: 30 }));

/** A value the schema accepts, mostly; sometimes (`wild` > 0) one it does not. */
export function valueFor(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const s = schema ?? {};
  const valid = validValue(s, depth);
  return fc.oneof({ weight: 6, arbitrary: valid }, { weight: 1, arbitrary: anyJson });
}

function validValue(s: Schema, depth: number): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const options = s.anyOf ?? s.oneOf;
  if (options?.length) return fc.oneof(...options.map((o) => valueFor(o, depth + 1)));
  if (s.allOf?.[0]) return valueFor(s.allOf[0], depth + 1);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'object': {
      if (depth > 4 || !s.properties)
        return fc.dictionary(fc.string({ maxLength: 8 }), anyJson, { maxKeys: 3 });
      const props = Object.fromEntries(
        Object.entries(s.properties).map(([k, v]) => [k, valueFor(v, depth + 1)]),
      );
      return fc.record(props, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
    }
    case 'array':
      return fc.array(valueFor(s.items, depth + 1), {
        minLength: Math.min(s.minItems ?? 0, 3),
        maxLength: Math.min(s.maxItems ?? 3, 3),
      });
    case 'integer':
      return fc.oneof(
        fc.integer({ min: Math.max(s.minimum ?? -1000, -1e9), max: Math.min(s.maximum ?? 1000, 1e9) }),
        fc.constantFrom(0, 1, 2, 20, -1, 2_147_483_648),
      );
    case 'number':
      return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, 1.5, -1, 1e20));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string':
      if (s.format === 'uuid') return fc.uuid();
      return fc.oneof(nastyText, fc.string({ maxLength: Math.min(s.maxLength ?? 40, 40) }));
    default:
      return anyJson;
  }
}

/** A query, path or header value as text (numbers and flags as the client would write them). */
export const textFor = (schema: Schema | undefined): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 2, arbitrary: valueFor(schema).map((v) => (typeof v === 'string' ? v : JSON.stringify(v))) },
    { weight: 1, arbitrary: nastyText },
  );

/** Header values must be legal HTTP to leave a client at all. */
export const legalHeader = (v: string) => /^[\t\x20-\x7e]*$/.test(v);

/** Known good inputs, so generated requests also get past validation: by parameter name and by operation. */
export interface Examples {
  values: Record<string, string[]>;
  bodies: Record<string, unknown[]>;
}

/** A good example with one top-level field (or one of its `payload`'s) replaced by anything. */
const mutated = (example: unknown): fc.Arbitrary<unknown> => {
  if (!example || typeof example !== 'object' || Array.isArray(example)) return fc.constant(example);
  const record = example as Record<string, unknown>;
  const inner = record.payload;
  const target = inner && typeof inner === 'object' ? (inner as Record<string, unknown>) : record;
  const keys = Object.keys(target);
  if (keys.length === 0) return fc.constant(example);
  return fc
    .tuple(fc.constantFrom(...keys), anyJson)
    .map(([key, value]) =>
      target === record ? { ...record, [key]: value } : { ...record, payload: { ...target, [key]: value } },
    );
};

/** A request to `op`: parameters and body from the document and the examples, headers from `callers`. */
export function requestFor(
  op: Operation,
  callers: fc.Arbitrary<Record<string, string>>,
  examples: Examples = { values: {}, bodies: {} },
): fc.Arbitrary<InjectOptions> {
  const query = op.parameters.filter((p) => p.in === 'query');
  const path = op.parameters.filter((p) => p.in === 'path');
  const header = op.parameters.filter((p) => p.in === 'header');
  const text = (p: Parameter) => {
    const good = examples.values[p.name] ?? [];
    return good.length ? fc.oneof(fc.constantFrom(...good), textFor(p.schema)) : textFor(p.schema);
  };
  const pick = (params: Parameter[]) =>
    fc
      .subarray(params)
      .chain((chosen) =>
        chosen.length === 0
          ? fc.constant([] as [string, string][])
          : fc.tuple(...chosen.map((p) => text(p).map((v) => [p.name, v] as [string, string]))),
      );
  const good = examples.bodies[`${op.method} ${op.path}`] ?? [];
  const json = (v: unknown) => ({ kind: 'json' as const, v });
  const body = op.body
    ? fc.oneof(
        { weight: 4, arbitrary: valueFor(op.body.schema).map(json) },
        ...(good.length
          ? [
              { weight: 2, arbitrary: fc.constantFrom(...good).map(json) },
              {
                weight: 2,
                arbitrary: fc
                  .constantFrom(...good)
                  .chain(mutated)
                  .map(json),
              },
            ]
          : []),
        {
          weight: 1,
          arbitrary: fc.constantFrom('{"broken', '', 'null', '[]').map((v) => ({ kind: 'raw' as const, v })),
        },
      )
    : fc.constant(null);
  return fc
    .record({
      query: pick(query),
      path: fc.tuple(...path.map(text)),
      headers: pick(header),
      caller: callers,
      body,
    })
    .map(({ query: q, path: values, headers, caller, body: b }) => {
      let url = op.path;
      path.forEach((p, i) => {
        url = url.replace(`{${p.name}}`, encodeURIComponent(values[i] || 'x'));
      });
      const search = new URLSearchParams(q).toString();
      const all: Record<string, string> = { ...caller };
      for (const [name, value] of headers) if (legalHeader(value)) all[name] = value;
      const options: InjectOptions = {
        method: op.method as InjectOptions['method'],
        url: search ? `${url}?${search}` : url,
        headers: all,
      };
      if (b?.kind === 'json') options.payload = JSON.stringify(b.v) ?? 'null';
      if (b?.kind === 'raw') options.payload = b.v;
      if (b) all['content-type'] = 'application/json';
      return options;
    });
}

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
const compiled = new Map<Schema, ReturnType<typeof ajv.compile>>();

/** Problems of a body against a schema, or null when it matches. */
export function mismatch(schema: Schema, body: unknown): string | null {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate(body) ? null : ajv.errorsText(validate.errors);
}
