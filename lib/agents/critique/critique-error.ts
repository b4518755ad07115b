import type { z } from "zod";

export type CritiqueErrorCode =
  | "artifact_not_found"
  | "invalid_input"
  | "invalid_perspective_result"
  | "invalid_direct_reading";

/** The one error type of the critique engine; `code` lets callers map it (e.g. to HTTP). */
export class CritiqueError extends Error {
  readonly code: CritiqueErrorCode;
  /** Field paths that failed validation, e.g. `perspectives[1].name`. */
  readonly fields: string[];

  constructor(code: CritiqueErrorCode, message: string, fields: string[] = []) {
    super(message);
    this.name = "CritiqueError";
    this.code = code;
    this.fields = fields;
  }
}

/** `["perspectives", 1, "name"]` → `perspectives[1].name`. */
export function formatIssuePath(path: ReadonlyArray<PropertyKey>): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out === "" ? String(key) : `.${String(key)}`;
  }
  return out === "" ? "(root)" : out;
}

/** Turns a ZodError into a CritiqueError whose message names every failing field and rule. */
export function critiqueErrorFromZod(
  code: CritiqueErrorCode,
  context: string,
  error: z.ZodError,
  prefix: ReadonlyArray<PropertyKey> = [],
): CritiqueError {
  const fields = error.issues.map((issue) => formatIssuePath([...prefix, ...issue.path]));
  const details = error.issues.map((issue, i) => `${fields[i]}: ${issue.message}`).join("; ");
  return new CritiqueError(code, `${context}: ${details}`, fields);
}
