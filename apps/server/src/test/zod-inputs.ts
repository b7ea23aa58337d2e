import fc from 'fast-check';
import type { z } from 'zod';
import { hasTextHygiene } from '@app/contracts/text';

// Walks the zod schemas of the routes' inputs (issue 19 item 5): which strings lack the contracts'
// text hygiene, and fast-check arbitraries that produce values shaped like the schema, mixed with
// hostile ones. Reads zod 4's definitions (`_zod.def`), the same ones zod itself runs on.

type Schema = z.ZodType;

interface Def {
  type: string;
  format?: string;
  pattern?: RegExp;
  checks?: { _zod: { def: CheckDef } }[];
  shape?: Record<string, Schema>;
  element?: Schema;
  innerType?: Schema;
  in?: Schema;
  out?: Schema;
  options?: Schema[];
  left?: Schema;
  right?: Schema;
  keyType?: Schema;
  valueType?: Schema;
  items?: Schema[];
  rest?: Schema | null;
  getter?: () => Schema;
  entries?: Record<string, string | number>;
  values?: unknown[];
  catchall?: Schema;
}

interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  value?: number | bigint;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}

const defOf = (schema: Schema): Def => schema._zod.def;

/**
 * String formats whose own pattern already refuses every control character, so they need no
 * hygiene check of their own (a URL does not: it is parsed, not matched).
 */
const SELF_CLEANING_FORMATS = new Set([
  'uuid',
  'guid',
  'email',
  'date',
  'datetime',
  'time',
  'duration',
  'ipv4',
  'ipv6',
  'cidrv4',
  'cidrv6',
  'cuid',
  'cuid2',
  'ulid',
  'nanoid',
  'e164',
  'base64',
  'base64url',
  'jwt',
  'emoji',
  'hex',
]);

/** Paths of the strings under `schema` that a NUL or another control character would pass. */
export function uncheckedStrings(schema: Schema, path = '', seen = new Set<Schema>()): string[] {
  if (seen.has(schema)) {
    return [];
  }
  seen.add(schema);
  const def = defOf(schema);
  const into = (child: Schema | null | undefined, childPath: string) =>
    child ? uncheckedStrings(child, childPath, seen) : [];
  switch (def.type) {
    case 'string':
      if (def.format && SELF_CLEANING_FORMATS.has(def.format)) {
        return [];
      }
      return hasTextHygiene(schema) ? [] : [path || '(root)'];
    case 'object':
      return [
        ...Object.entries(def.shape ?? {}).flatMap(([key, child]) =>
          into(child, path ? `${path}.${key}` : key),
        ),
        ...into(def.catchall, `${path}.*`),
      ];
    case 'array':
      return into(def.element, `${path}[]`);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'success':
      return into(def.innerType, path);
    case 'pipe':
      // What the request carries is the pipe's input; its output was produced by our own code.
      return into(def.in, path);
    case 'union':
      return (def.options ?? []).flatMap((option) => into(option, path));
    case 'intersection':
      return [...into(def.left, path), ...into(def.right, path)];
    case 'record':
      return [...into(def.keyType, `${path}{key}`), ...into(def.valueType, `${path}{}`)];
    case 'tuple':
      return [
        ...(def.items ?? []).flatMap((item, index) => into(item, `${path}[${String(index)}]`)),
        ...into(def.rest, `${path}[]`),
      ];
    case 'lazy':
      return def.getter ? into(def.getter(), path) : [];
    default:
      return [];
  }
}

/** Values no schema expects: control characters, lone surrogates, huge and deep values, wrong types. */
export function hostileValue(): fc.Arbitrary<unknown> {
  let deep: unknown = 'x';
  for (let level = 0; level < 200; level += 1) {
    deep = level % 2 === 0 ? { a: deep } : [deep];
  }
  return fc.oneof(
    fc.constantFrom(
      '\u0000',
      'a\u0000b',
      'line\u0000\nbreak',
      '\u0001\u0002\u0003\u001b[31m',
      '\u007f',
      '\ud800',
      'a\udfffb',
      '\t\r\n',
      '',
      ' ',
      '%00',
      '\\u0000',
      "'; DROP TABLE users; --",
      '__proto__',
      'constructor',
      '9'.repeat(400),
      '-1',
      '1e309',
      'NaN',
      '0000-00-00',
      '9999-12-31T99:99:99Z',
      '2026-02-30',
      '\u202e\ufeff\u200b',
      'x'.repeat(100_000),
      -1,
      0,
      2 ** 53,
      -(2 ** 63),
      1.5,
      Number.MAX_VALUE,
      true,
      false,
      null,
      [],
      {},
      [null],
      { __proto__: { polluted: true } },
      deep,
    ),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({
      unit: fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)),
      minLength: 1,
      maxLength: 8,
    }),
    fc.jsonValue({ maxDepth: 3 }),
  );
}

export interface ArbitraryOptions {
  /** Real ids a uuid field draws from now and then, so a request reaches past "not found". */
  knownIds: readonly string[];
  /** How often (0..1) a field gets a hostile value instead of one shaped like its schema. */
  hostileRate: number;
}

function lengthBounds(def: Def): { minLength: number; maxLength: number; pattern?: RegExp } {
  let minLength = 0;
  let maxLength = 60;
  let pattern = def.pattern;
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === 'min_length' && c.minimum !== undefined) {
      minLength = c.minimum;
    } else if (c.check === 'max_length' && c.maximum !== undefined) {
      maxLength = Math.min(c.maximum, 400);
    } else if (c.check === 'length_equals' && c.value !== undefined) {
      minLength = Number(c.value);
      maxLength = Number(c.value);
    } else if (c.check === 'string_format' && c.pattern) {
      pattern = c.pattern;
    }
  }
  return { minLength, maxLength: Math.max(minLength, maxLength), ...(pattern ? { pattern } : {}) };
}

/** fast-check reads most regular expressions, not all (lookarounds): those get plain strings. */
function stringMatching(pattern: RegExp): fc.Arbitrary<string> | null {
  try {
    return fc.stringMatching(pattern);
  } catch {
    return null;
  }
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  let min = -1_000_000;
  let max = 1_000_000;
  let integer = false;
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === 'greater_than' && typeof c.value === 'number') {
      min = c.value;
    } else if (c.check === 'less_than' && typeof c.value === 'number') {
      max = c.value;
    } else if (c.check === 'number_format') {
      integer = c.format !== 'float32' && c.format !== 'float64';
    }
  }
  if (min > max) {
    [min, max] = [max, min];
  }
  return integer || (Number.isInteger(min) && Number.isInteger(max) && max - min < 1000)
    ? fc.integer({
        min: Math.ceil(Math.max(min, Number.MIN_SAFE_INTEGER)),
        max: Math.floor(Math.min(max, Number.MAX_SAFE_INTEGER)),
      })
    : fc.double({ min, max, noNaN: true });
}

/**
 * Values shaped like `schema` (valid often, not always: cross-field rules and refinements are not
 * read), each field now and then replaced by a hostile value.
 */
export function arbitraryOf(schema: Schema, options: ArbitraryOptions, depth = 0): fc.Arbitrary<unknown> {
  const shaped = shapedArbitrary(schema, options, depth);
  return options.hostileRate > 0
    ? fc.oneof(
        { arbitrary: shaped, weight: Math.round((1 - options.hostileRate) * 100) },
        { arbitrary: hostileValue(), weight: Math.round(options.hostileRate * 100) },
      )
    : shaped;
}

function shapedArbitrary(schema: Schema, options: ArbitraryOptions, depth: number): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const child = (inner: Schema | null | undefined) =>
    inner ? arbitraryOf(inner, options, depth + 1) : fc.constant(undefined);
  if (depth > 8) {
    return fc.constant(undefined);
  }
  switch (def.type) {
    case 'string': {
      if (def.format === 'uuid' || def.format === 'guid') {
        return options.knownIds.length > 0
          ? fc.oneof(fc.uuid(), fc.constantFrom(...options.knownIds))
          : fc.uuid();
      }
      const { minLength, maxLength, pattern } = lengthBounds(def);
      if (pattern) {
        const matching = stringMatching(pattern);
        return matching
          ? fc.oneof(matching, fc.string({ minLength, maxLength }))
          : fc.string({ minLength, maxLength });
      }
      return fc.string({ minLength, maxLength, unit: 'grapheme' });
    }
    case 'number':
      return numberArbitrary(def);
    case 'int':
      return fc.integer();
    case 'bigint':
      return fc.bigInt().map(String);
    case 'boolean':
      return fc.boolean();
    case 'date':
      return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { none: 'none' }));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'object': {
      const shape = Object.fromEntries(
        Object.entries(def.shape ?? {}).map(([key, inner]) => [key, child(inner)]),
      );
      return fc.record(shape).chain((value) =>
        // Drop a key now and then (optional fields, and required ones left out).
        fc
          .subarray(Object.keys(value), { minLength: Math.max(0, Object.keys(value).length - 1) })
          .map((keys) => Object.fromEntries(keys.map((key) => [key, value[key]]))),
      );
    }
    case 'array':
      return fc.array(child(def.element), { maxLength: 4 });
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'success':
      return fc.oneof(
        { arbitrary: child(def.innerType), weight: 4 },
        { arbitrary: fc.constantFrom(undefined, null), weight: 1 },
      );
    case 'pipe':
      return child(def.in);
    case 'union': {
      const options_ = def.options ?? [];
      return options_.length > 0 ? fc.oneof(...options_.map(child)) : fc.constant(null);
    }
    case 'intersection':
      return fc
        .tuple(child(def.left), child(def.right))
        .map(([left, right]) =>
          typeof left === 'object' && typeof right === 'object' ? { ...left, ...right } : left,
        );
    case 'record':
      return fc.dictionary(
        child(def.keyType).map((key) => String(key)),
        child(def.valueType),
        { maxKeys: 3 },
      );
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map(child));
    case 'lazy':
      return def.getter ? child(def.getter()) : fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
