// What every route handler shares: who is asking, the JSON body read with a size cap,
// and every error turned into the API's error shape in one place.
import type { z } from "zod";
import { viewerFromHeaders, type Viewer } from "../auth/viewer";
import { env } from "../env";
import { AppError } from "../errors/app-error";
import { errorResponse } from "./error-response";
import { clientAddress } from "./request-site";

export const MAX_BODY_BYTES = 64 * 1024;

export type RouteContext<P> = { params: Promise<P> };

export function viewerOf(req: Request): Promise<Viewer> {
  return viewerFromHeaders(req.headers, new URL(req.url).searchParams.get("watch"));
}

/** The client's address: its socket's, or a trusted proxy's X-Forwarded-For (TRUST_PROXY). */
export function clientAddressOf(req: Request): string | null {
  return clientAddress(req.headers, env().TRUST_PROXY);
}

export async function jsonBody(req: Request): Promise<unknown> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(type)) throw new AppError("bad_request", "Send the body as JSON with Content-Type: application/json.", { "(body)": "must be application/json" });
  const text = await req.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw new AppError("payload_too_large", `The request body is larger than ${MAX_BODY_BYTES / 1024} KiB.`, { "(body)": `must be at most ${MAX_BODY_BYTES} bytes` });
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("bad_request", "The request body is not valid JSON.", { "(body)": "must be valid JSON" });
  }
}

/** Wraps a handler so any thrown error becomes the API's error response. */
export function route<P>(fn: (req: Request, params: P) => Promise<Response>) {
  return async (req: Request, ctx: RouteContext<P>): Promise<Response> => {
    try {
      return await fn(req, await ctx.params);
    } catch (e) {
      return errorResponse(e);
    }
  };
}

/**
 * A JSON response whose body is typed by its wire schema (lib/wire). Outside production
 * the body is also parsed, so a route that drifts from the contract fails its tests (a
 * 500) instead of a client.
 */
export function json<S extends z.ZodType>(schema: S, value: z.infer<S>, init?: ResponseInit): Response {
  if (process.env.NODE_ENV !== "production") schema.parse(value);
  return Response.json(value, init);
}
