// Text the database cannot store: PostgreSQL refuses a NUL character in text, and a lone
// UTF-16 surrogate (what JSON's "\ud800" decodes to) is no character at all. Both are
// refused where a request comes in, naming the field, instead of failing deep inside a
// query as a 500.
import { AppError } from "../errors/app-error";

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why a string cannot be stored, or null. */
export function textProblem(s: string): string | null {
  if (s.includes("\u0000")) return "must not contain a NUL character (\\u0000)";
  if (LONE_SURROGATE.test(s)) return "must be valid Unicode (it contains a lone surrogate)";
  return null;
}

/** The first string in a parsed JSON value that cannot be stored, by its field path ("answers.0.text"). */
export function firstTextProblem(value: unknown, path: string[] = []): { field: string; problem: string } | null {
  if (typeof value === "string") {
    const problem = textProblem(value);
    return problem ? { field: path.join(".") || "(body)", problem } : null;
  }
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      // A key is a field name the schema will refuse anyway; a bad one still must not reach a query.
      const keyProblem = textProblem(k);
      if (keyProblem) return { field: [...path, JSON.stringify(k)].join("."), problem: keyProblem };
      const found = firstTextProblem(v, [...path, k]);
      if (found) return found;
    }
  }
  return null;
}

/** Throws a 422 naming the field when `value` holds text that cannot be stored. */
export function assertStorableText(value: unknown, field?: string): void {
  const found = firstTextProblem(value, field ? [field] : []);
  if (found) throw new AppError("validation_failed", `Invalid input — ${found.field}: ${found.problem}`, { [found.field]: found.problem });
}
