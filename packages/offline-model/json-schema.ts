// Tool input schemas arrive as JSON Schema. Two uses: trim every turn's value to fit
// (strings too long, arrays too long, unknown keys), so a limit lives only in the
// schema, and build a value for a finalization tool this model has no writer for.
import type { JSONSchema7, JSONSchema7Definition } from "@ai-sdk/provider";
import { truncate } from "./text-utils";

type Schema = JSONSchema7;

const asSchema = (d: JSONSchema7Definition | undefined): Schema | undefined => (d && typeof d === "object" ? d : undefined);

function primaryType(s: Schema): string | undefined {
  if (Array.isArray(s.type)) return s.type.find((t) => t !== "null");
  return s.type;
}

/** Fit a value into the schema's limits without changing what it says. */
export function fitToSchema(value: unknown, schema: Schema | undefined): unknown {
  if (!schema) return value;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fitToSchema(value, asSchema(variants.find((v) => asSchema(v) && primaryType(asSchema(v)!) !== "null")));
  const type = primaryType(schema);
  if (type === "string" && typeof value === "string") return schema.maxLength !== undefined ? truncate(value, schema.maxLength) : value;
  if ((type === "integer" || type === "number") && typeof value === "number") {
    let n = type === "integer" ? Math.round(value) : value;
    if (schema.minimum !== undefined) n = Math.max(schema.minimum, n);
    if (schema.maximum !== undefined) n = Math.min(schema.maximum, n);
    return n;
  }
  if (type === "array" && Array.isArray(value)) {
    const items = asSchema(Array.isArray(schema.items) ? schema.items[0] : schema.items);
    const arr = schema.maxItems !== undefined ? value.slice(0, schema.maxItems) : value;
    return arr.map((x) => fitToSchema(x, items));
  }
  if (type === "object" && value && typeof value === "object" && !Array.isArray(value)) {
    const props = schema.properties ?? {};
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (props[k] === undefined && schema.additionalProperties === false) continue;
      out[k] = fitToSchema(v, asSchema(props[k]));
    }
    return out;
  }
  return value;
}

export class UnsupportedSchemaError extends Error {}

export interface FillHints {
  name: string;
  summary: string;
}

function stringFor(key: string, s: Schema, hints: FillHints): string {
  if (s.enum?.length) return String(s.enum[0]);
  if (typeof s.const === "string") return s.const;
  const k = key.toLowerCase();
  let v: string;
  if (s.format === "email" || /email/.test(k)) v = "team@example.com";
  else if (s.format === "uri" || s.format === "url" || /url|link|href/.test(k)) v = "https://example.com";
  else if (s.format === "date") v = "2026-01-01";
  else if (s.format === "date-time") v = "2026-01-01T00:00:00Z";
  else if (/^(name|title|label)$/.test(k)) v = hints.name;
  else if (/id$/.test(k)) v = `${k.replace(/_?id$/, "") || "item"}-1`;
  else v = hints.summary;
  if (s.minLength !== undefined && v.length < s.minLength) v = `${v} ${hints.summary}`.padEnd(s.minLength, ".");
  return s.maxLength !== undefined ? truncate(v, s.maxLength) : v;
}

/** A valid value for a JSON Schema built from the project's name and summary. */
export function fillFromSchema(schema: Schema | undefined, hints: FillHints, key = "value", depth = 0): unknown {
  if (!schema || depth > 8) throw new UnsupportedSchemaError("schema too deep or missing");
  if (schema.$ref) throw new UnsupportedSchemaError(`$ref ${schema.$ref} is not supported`);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fillFromSchema(asSchema(variants.find((v) => asSchema(v) && primaryType(asSchema(v)!) !== "null")), hints, key, depth + 1);
  if (schema.allOf) throw new UnsupportedSchemaError("allOf is not supported");
  switch (primaryType(schema)) {
    case "string":
      return stringFor(key, schema, hints);
    case "integer":
    case "number":
      return schema.minimum ?? (schema.maximum !== undefined ? Math.min(1, schema.maximum) : 1);
    case "boolean":
      return true;
    case "null":
      return null;
    case "array": {
      const items = asSchema(Array.isArray(schema.items) ? schema.items[0] : schema.items);
      const n = Math.max(1, schema.minItems ?? 1);
      return Array.from({ length: Math.min(n, schema.maxItems ?? n) }, () => fillFromSchema(items ?? { type: "string" }, hints, key, depth + 1));
    }
    case "object":
    case undefined: {
      const out: Record<string, unknown> = {};
      for (const [k, d] of Object.entries(schema.properties ?? {})) out[k] = fillFromSchema(asSchema(d), hints, k, depth + 1);
      return out;
    }
    default:
      throw new UnsupportedSchemaError(`type ${String(schema.type)} is not supported`);
  }
}
