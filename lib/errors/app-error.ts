// The one error type for expected failures. Route handlers and server actions map it to
// HTTP through `httpStatus` below and nowhere else.
import { z } from "zod";

export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  validation_failed: 422,
  rate_limited: 429,
  // A model connection's test failed (POST /api/connections): nothing was stored.
  auth_failed: 422,
  unreachable: 422,
  timeout: 422,
  bad_response: 422,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly retryAfterSeconds?: number,
    /** Only where the contract gives a code another status: a connection test's not_found is 422 (the endpoint has no such model), not 404. */
    private readonly statusOverride?: number,
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): number {
    return this.statusOverride ?? ERROR_STATUS[this.code];
  }

  toJSON() {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}

export const notFound = (what = "party") => new AppError("not_found", `No ${what} with that id.`);

/** ZodError → 422 naming each field and its rule (first rule per field). */
export function fromZodError(err: z.ZodError, prefix = ""): AppError {
  const fields: Record<string, string> = {};
  for (const issue of err.issues) {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join(".") || "(body)";
    const msg =
      issue.code === "unrecognized_keys" ? `unknown field(s): ${issue.keys.join(", ")}` : issue.message;
    const key = issue.code === "unrecognized_keys" && issue.keys.length === 1 ? [path, issue.keys[0]].filter((p) => p !== "(body)").join(".") : path;
    fields[key] ??= msg;
  }
  const summary = Object.entries(fields)
    .map(([f, r]) => `${f}: ${r}`)
    .join("; ");
  return new AppError("validation_failed", `Invalid input — ${summary}`, fields);
}

export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown, prefix = ""): z.infer<T> {
  const r = schema.safeParse(value);
  if (!r.success) throw fromZodError(r.error, prefix);
  return r.data;
}
