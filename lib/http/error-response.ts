// The single place an error becomes an HTTP response (the error body of lib/wire/errors.ts).
import { AppError } from "../errors/app-error";
import type { ErrorBody } from "../wire/errors";

export function errorResponse(err: unknown): Response {
  if (err instanceof AppError) {
    const headers: Record<string, string> = {};
    if (err.retryAfterSeconds !== undefined) headers["Retry-After"] = String(err.retryAfterSeconds);
    return Response.json(err.toJSON() satisfies ErrorBody, { status: err.status, headers });
  }
  console.error(err);
  return Response.json(
    { error: { code: "internal", message: "Something went wrong on our side. Try again in a moment." } } satisfies ErrorBody,
    { status: 500 },
  );
}
