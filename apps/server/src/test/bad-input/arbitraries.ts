import fc from 'fast-check';

/**
 * Input generated from a route's zod schemas: values of the declared shape ("valid-ish", often
 * accepted), then mutated at one place into something nasty.
 */

interface Def {
  type: string;
  [key: string]: unknown;
}
interface CheckDef {
  check?: string;
  format?: string;
  pattern?: RegExp;
  value?: number | bigint;
  minimum?: number;
  maximum?: number;
  length?: number;
}

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): CheckDef[] =>
  ((def.checks as { _zod: { def: CheckDef } }[] | undefined) ?? []).map((c) => c._zod.def);

/** Text sent without any JSON escaping (numbers JSON cannot produce, deep nesting). */
export class Raw {
  constructor(readonly text: string) {}
}

/** Ids the fixture knows, so generated requests also reach real rows. */
export interface GenerateOptions {
  ids: readonly string[];
}

const benign = [...'abcxyzABC019_-.中文学生é'];
const text = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...benign), minLength: min, maxLength: Math.max(min, max) });

/** Strings matching a pattern, where fast-check can read the pattern (it has no lookaheads). */
function stringMatching(pattern: RegExp): fc.Arbitrary<string> | null {
  try {
    return fc.stringMatching(pattern, { size: 'small' });
  } catch {
    return null;
  }
}

function stringArb(def: Def, opts: GenerateOptions): fc.Arbitrary<string> {
  const checks = checksOf(def);
  const pattern = checks.find((c) => c.format === 'regex')?.pattern;
  const min = Math.max(0, ...checks.map((c) => (c.check === 'min_length' ? c.minimum! : 0)));
  const max = Math.min(
    10_000,
    ...checks.map((c) => (c.check === 'max_length' ? c.maximum! : 10_000)),
  );
  const matching =
    pattern && stringMatching(pattern)?.filter((v) => v.length >= min && v.length <= max);
  if (matching && pattern.source.includes('\\d{1,20}') && opts.ids.length)
    return fc.oneof(fc.constantFrom(...opts.ids), matching);
  if (matching) return matching;
  if (checks.some((c) => c.format === 'email')) return fc.emailAddress();
  const least = Math.min(Math.max(min, 6), max);
  return fc.oneof(
    { weight: 3, arbitrary: text(least, Math.min(max, least + 10)) },
    {
      weight: 1,
      arbitrary: text(min, Math.min(max, 40)).map((t) => (t.length > 2 ? ` ${t.slice(1)}` : t)),
    },
  );
}

function numberArb(def: Def): fc.Arbitrary<number> {
  const checks = checksOf(def);
  const int = checks.some((c) => c.check === 'number_format' && c.format !== 'float64');
  const lo = checks.find((c) => c.check === 'greater_than')?.value;
  const hi = checks.find((c) => c.check === 'less_than')?.value;
  const min = Math.max(Number(lo ?? -1_000_000), -2_147_483_648);
  const max = Math.min(Number(hi ?? 1_000_000), 2_147_483_647);
  return int
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** Values of the schema's input shape; refinements make some of them invalid, which is fine. */
export function validish(schema: unknown, opts: GenerateOptions, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (s: unknown) => validish(s, opts, depth + 1);
  switch (def.type) {
    case 'string':
      return stringArb(def, opts);
    case 'number':
      return numberArb(def);
    case 'bigint':
      return fc.bigInt({ min: 0n, max: 1_000_000n }).map(String);
    case 'boolean':
      return fc.boolean();
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2040-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.oneof(
        { weight: 1, arbitrary: fc.constant(undefined) },
        { weight: 4, arbitrary: inner(def.innerType) },
      );
    case 'nullable':
      return fc.oneof(
        { weight: 1, arbitrary: fc.constant(null) },
        { weight: 4, arbitrary: inner(def.innerType) },
      );
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'success':
      return inner(def.innerType);
    case 'pipe':
      return inner(def.in);
    case 'lazy':
      return depth > 6
        ? fc.constant(undefined)
        : fc.constant(null).chain(() => inner((def.getter as () => unknown)()));
    case 'array': {
      if (depth > 6) return fc.constant([]);
      const min = checksOf(def).find((c) => c.check === 'min_length')?.minimum ?? 0;
      return fc.array(inner(def.element), { minLength: min, maxLength: Math.max(min, 4) });
    }
    case 'tuple':
      return fc.tuple(...(def.items as unknown[]).map(inner));
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(shape)) record[key] = inner(value);
      return fc.record(record).map((o) => {
        for (const k of Object.keys(o)) if (o[k] === undefined) delete o[k];
        return o;
      });
    }
    case 'record':
      return fc
        .array(fc.tuple(text(1, 8), inner(def.valueType)), { maxLength: 4 })
        .map((entries) => Object.fromEntries(entries));
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map(inner));
    case 'intersection':
      return fc
        .tuple(inner(def.left), inner(def.right))
        .map(([a, b]) =>
          typeof a === 'object' && typeof b === 'object' && a && b ? { ...a, ...b } : a,
        );
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const bigintMax = '9223372036854775807';
export const nastyStrings: readonly string[] = [
  '9223372036854775808',
  '18446744073709551616',
  '99999999999999999999',
  bigintMax,
  '-9223372036854775809',
  '-1',
  '0',
  '00000000000000000001',
  '1e309',
  '-1e309',
  'NaN',
  'Infinity',
  '-0',
  '0x1f',
  ' 1',
  '1.5',
  '2147483648',
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\ud800',
  'a\udfffb',
  '\udc00\ud800',
  '🙂\ud83d',
  'x'.repeat(5_000),
  '中'.repeat(2_000),
  '\u202eevil',
  '\ufeffbom',
  'e\u0301\u0301\u0301',
  'line\u2028sep',
  '\r\n\t',
  "'; drop table users; --",
  '%00',
  '%ff%fe',
  '../../../etc/passwd',
  '__proto__',
  'constructor',
  '<script>alert(1)</script>',
  '=cmd|"/c calc"!A1',
  'null',
  'true',
  '[]',
  '{}',
  '2026-13-45',
  '9999-12-31T23:59:59Z',
];

const nastyRaw: readonly Raw[] = [
  new Raw('1e309'),
  new Raw('-1e309'),
  new Raw('1e-400'),
  new Raw('123456789012345678901234567890'),
  new Raw('9223372036854775808'),
  new Raw('-0'),
  new Raw(`${'['.repeat(3_000)}${']'.repeat(3_000)}`),
  new Raw(`${'{"a":'.repeat(500)}1${'}'.repeat(500)}`),
];

export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...nastyStrings) },
  { weight: 2, arbitrary: fc.constantFrom(...nastyRaw) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(
      2 ** 63,
      -1,
      0,
      1.5,
      2147483648,
      Number.MAX_SAFE_INTEGER + 2,
      1e308,
      -1e308,
      true,
      false,
      null,
      {},
      [],
      [[]],
      { a: { b: {} } },
      [{ id: '1' }],
      Array.from({ length: 2_000 }, (_, i) => i),
    ),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

export type Path = (string | number)[];

function pathsOf(value: unknown, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...at, i], out));
  else if (value && typeof value === 'object' && !(value instanceof Raw))
    for (const [k, v] of Object.entries(value)) pathsOf(v, [...at, k], out);
  return out;
}

function setAt(root: unknown, path: Path, value: unknown, remove = false): unknown {
  if (!path.length) return value;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (remove) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = value;
  return copy;
}

export type Mutation = 'keep' | 'replace' | 'remove' | 'add' | 'wrap';

/** The schema's values, mostly with one place made nasty. */
export function mutated(schema: unknown, opts: GenerateOptions): fc.Arbitrary<unknown> {
  return fc
    .record({
      base: validish(schema, opts),
      op: fc.constantFrom<Mutation>(
        'keep',
        'keep',
        'replace',
        'replace',
        'replace',
        'remove',
        'add',
        'wrap',
      ),
      at: fc.nat(),
      nasty: nastyValue,
      key: fc.oneof(fc.constantFrom('__proto__', 'constructor', 'a\u0000', '\ud800'), text(1, 6)),
    })
    .map(({ base, op, at, nasty, key }) => {
      const paths = pathsOf(base);
      const path = paths[at % paths.length]!;
      switch (op) {
        case 'keep':
          return base;
        case 'replace':
          return setAt(base, path, nasty);
        case 'remove':
          return path.length ? setAt(base, path, undefined, true) : undefined;
        case 'add': {
          const objects = paths.filter((p) => {
            const v = p.reduce<unknown>((n, k) => (n as Record<string, unknown>)[k], base);
            return v && typeof v === 'object' && !Array.isArray(v);
          });
          const target = objects[at % Math.max(objects.length, 1)];
          return target ? setAt(base, [...target, key], nasty) : base;
        }
        case 'wrap':
          return [base];
      }
    });
}

/** JSON text of a value; Raw parts are written as they are. */
export function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof Raw) {
      raws.push(v.text);
      return `__raw_${raws.length - 1}__`;
    }
    return v;
  });
  if (text === undefined) return '';
  return raws.reduce((t, raw, i) => t.replace(`"__raw_${i}__"`, () => raw), text);
}

/** A value as it travels in a URL: strings as they are, other values as JSON. */
export function asUrlText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Raw) return value.text;
  return toJson(value);
}
