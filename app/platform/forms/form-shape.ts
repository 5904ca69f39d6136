import type { z } from "zod";
import { refusesControlCharacters } from "#app/utils/control-characters";

/**
 * What a form schema lets a body contain, read from the zod schema itself: the field names (Conform's
 * `name`, `list[2]`, `list[2].title`), how long each value may be, how often a name may repeat, and how
 * many fields the whole body may have. The guarded form reader checks a body against it before any
 * parser builds structures from the names, so a name such as `x[4294967294]` never becomes an array.
 */

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  checks?: { _zod: { def: { check: string; maximum?: number } } }[];
  getter?: () => z.ZodType;
};

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Values with no declared maximum (rare: every text field should have one) stop here. */
export const DEFAULT_MAX_LENGTH = 20_000;
/** An array with no declared maximum takes at most this many items. */
export const DEFAULT_MAX_ITEMS = 20;
const NUMBER_MAX_LENGTH = 40;
/** Fields not declared by any schema but posted by every form of a kind (an intent, a return path). */
const EXTRA_MAX_LENGTH = 2_000;

export type Leaf = {
  kind: "leaf";
  maxLength: number;
  schema: z.ZodType | null;
  /** Whether the field's schema answers a control character with its own message (decision 0631). */
  refusesControlCharacters: boolean;
};
type Node = Leaf | { kind: "object"; fields: Map<string, Node> } | { kind: "array"; max: number; item: Node };

const maxCheck = (def: Def) =>
  def.checks?.find((c) => c._zod.def.check === "max_length")?._zod.def.maximum ?? null;

const literalLength = (values: unknown[]) => Math.max(1, ...values.map((v) => String(v).length));

function maxLengthOf(def: Def) {
  switch (def.type) {
    case "string":
      return maxCheck(def) ?? DEFAULT_MAX_LENGTH;
    case "number":
    case "bigint":
    case "int":
    case "date":
      return NUMBER_MAX_LENGTH;
    case "boolean":
      return 5;
    case "enum":
      return literalLength(Object.values(def.entries ?? {}));
    case "literal":
      return literalLength(def.values ?? []);
    default:
      return DEFAULT_MAX_LENGTH;
  }
}

const leaf = (schema: z.ZodType, def: Def): Leaf => ({
  kind: "leaf",
  maxLength: maxLengthOf(def),
  schema,
  refusesControlCharacters: refusesControlCharacters(schema),
});

/** Merges two alternatives (union options, intersections): a name is allowed if either allows it. */
function merge(a: Node, b: Node): Node {
  if (a.kind === "object" && b.kind === "object") {
    const fields = new Map(a.fields);
    for (const [key, node] of b.fields) {
      const existing = fields.get(key);
      fields.set(key, existing ? merge(existing, node) : node);
    }
    return { kind: "object", fields };
  }
  if (a.kind === "array" && b.kind === "array") {
    return { kind: "array", max: Math.max(a.max, b.max), item: merge(a.item, b.item) };
  }
  if (a.kind === "leaf" && b.kind === "leaf") {
    // the longer limit wins, with the messages of the schema that sets it; a control character is left to
    // the schemas only when every one of them refuses it
    const refusesControlCharacters = a.refusesControlCharacters && b.refusesControlCharacters;
    return { ...(a.maxLength >= b.maxLength ? a : b), refusesControlCharacters };
  }
  return a.kind === "object" ? a : b;
}

function nodeOf(schema: z.ZodType, depth = 0): Node {
  const def = defOf(schema);
  if (depth > 20) return leaf(schema, def);
  switch (def.type) {
    case "object":
      return {
        kind: "object",
        fields: new Map(Object.entries(def.shape ?? {}).map(([key, s]) => [key, nodeOf(s, depth + 1)])),
      };
    case "array":
      return {
        kind: "array",
        max: maxCheck(def) ?? DEFAULT_MAX_ITEMS,
        item: nodeOf(def.element as z.ZodType, depth + 1),
      };
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "nonoptional":
    case "readonly":
    case "catch":
      return wrap(schema, nodeOf(def.innerType as z.ZodType, depth + 1));
    case "pipe": {
      // z.preprocess is a pipe whose input is a bare transform: the shape is the output's
      const input = def.in as z.ZodType;
      const from = defOf(input).type === "transform" ? (def.out as z.ZodType) : input;
      return wrap(schema, nodeOf(from, depth + 1));
    }
    case "lazy":
      return nodeOf((def.getter as () => z.ZodType)(), depth + 1);
    case "union":
      return (def.options ?? []).map((o) => nodeOf(o, depth + 1)).reduce(merge);
    case "intersection":
      return merge(nodeOf(def.left as z.ZodType, depth + 1), nodeOf(def.right as z.ZodType, depth + 1));
    default:
      return leaf(schema, def);
  }
}

// a form's schemas are module constants and a zod schema never changes, so each is walked once, not on every
// body it checks
const shapes = new WeakMap<z.ZodType, Node>();
function shapeOf(schema: z.ZodType): Node {
  let node = shapes.get(schema);
  if (!node) {
    node = nodeOf(schema);
    shapes.set(schema, node);
  }
  return node;
}

// a wrapper (optional, transform, catch) keeps its inner shape; a leaf keeps the outer schema so that
// its messages are the ones the form would show
const wrap = (outer: z.ZodType, inner: Node): Node =>
  inner.kind === "leaf" ? { ...inner, schema: outer } : inner;

export type FormShape = {
  /** The leaf a field name stands for, or null when the schema does not declare it. */
  resolve: (name: string) => { leaf: Leaf; maxRepeats: number } | null;
  /** How many fields a body of this form can hold at most. */
  maxFields: number;
};

const SEGMENT = /^([A-Za-z_$][\w$-]{0,63})((?:\[(?:0|[1-9]\d{0,5})\])*)$/;
const INDEX = /\[(\d+)\]/g;

/** A name as Conform writes it: `a`, `a.b`, `a[0]`, `a[0].b`, split into keys and indices. */
function pathOf(name: string): (string | number)[] | null {
  if (name.length > 200) return null;
  const path: (string | number)[] = [];
  for (const segment of name.split(".")) {
    const match = SEGMENT.exec(segment);
    if (!match) return null;
    path.push(match[1] as string);
    for (const index of (match[2] ?? "").matchAll(INDEX)) path.push(Number(index[1]));
  }
  return path;
}

function capacity(node: Node): number {
  if (node.kind === "leaf") return 1;
  if (node.kind === "array") return node.max * capacity(node.item);
  let total = 0;
  for (const child of node.fields.values()) total += capacity(child);
  return total;
}

/** The shape of one form, or of several that post to one action (an intent chooses among them). */
export function formShape(
  schemas: z.ZodType | readonly z.ZodType[],
  extra: readonly string[] = [],
): FormShape {
  const list = Array.isArray(schemas) ? schemas : [schemas as z.ZodType];
  const root = list.map(shapeOf).reduce(merge, { kind: "object", fields: new Map() } as Node);
  const extras = new Set(extra);
  const extraLeaf: Leaf = {
    kind: "leaf",
    maxLength: EXTRA_MAX_LENGTH,
    schema: null,
    refusesControlCharacters: false,
  };
  return {
    maxFields: Math.min(capacity(root) + extras.size, 2_000),
    resolve(name) {
      if (extras.has(name)) return { leaf: extraLeaf, maxRepeats: 1 };
      const path = pathOf(name);
      if (!path) return null;
      let node = root;
      for (const step of path) {
        if (typeof step === "string") {
          if (node.kind !== "object") return null;
          const next = node.fields.get(step);
          if (!next) return null;
          node = next;
        } else {
          if (node.kind !== "array" || step >= node.max) return null;
          node = node.item;
        }
      }
      // a checkbox group posts one name several times for an array of plain values
      if (node.kind === "array" && node.item.kind === "leaf")
        return { leaf: node.item, maxRepeats: node.max };
      return node.kind === "leaf" ? { leaf: node, maxRepeats: 1 } : null;
    },
  };
}
