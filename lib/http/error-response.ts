// The single place an error becomes an HTTP response (API.md error shape).
import { AppError } from "../errors/app-error";

export function errorResponse(err: unknown): Response {
  if (err instanceof AppError) {
    const headers: Record<string, string> = {};
    if (err.retryAfterSeconds !== undefined) headers["Retry-After"] = String(err.retryAfterSeconds);
    return Response.json(err.toJSON(), { status: err.status, headers });
  }
  console.error(err);
  return Response.json(
    { error: { code: "internal", message: "Something went wrong on our side. Try again in a moment." } },
    { status: 500 },
  );
}
