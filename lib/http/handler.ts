// What every route handler shares: who is asking, the JSON body read with a size cap,
// and every error turned into the API's error shape in one place.
import type { z } from "zod";
import { viewerFromHeaders, type Viewer } from "../auth/viewer";
import { env } from "../env";
import { AppError } from "../errors/app-error";
import { assertStorableText } from "./clean-text";
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
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError("bad_request", "The request body is not valid JSON.", { "(body)": "must be valid JSON" });
  }
  assertStorableText(value);
  return value;
}

/**
 * Wraps a handler so any thrown error becomes the API's error response. Every answer
 * depends on who asks (the cookie, a watch token): no shared cache may keep one, nor a
 * browser's cache hand it to the next person on the machine.
 */
export function route<P>(fn: (req: Request, params: P) => Promise<Response>) {
  return async (req: Request, ctx: RouteContext<P>): Promise<Response> => {
    let res: Response;
    try {
      res = await fn(req, await ctx.params);
    } catch (e) {
      res = errorResponse(e);
    }
    return keptPrivate(res);
  };
}

const PRIVATE = ["private", "no-store"];

/** `Cache-Control: private, no-store` (keeping a route's other directives, no-transform say) and `Vary: Cookie`. */
export function keptPrivate(res: Response): Response {
  const others = (res.headers.get("cache-control") ?? "")
    .split(",")
    .map((d) => d.trim())
    .filter((d) => d && !PRIVATE.includes(d.toLowerCase()) && !/^(public|no-cache|max-age|s-maxage|immutable)\b/i.test(d));
  const vary = res.headers.get("vary");
  const set = (h: Headers) => {
    h.set("Cache-Control", [...PRIVATE, ...others].join(", "));
    if (!vary) h.set("Vary", "Cookie");
    else if (!/(^|,)\s*(cookie|\*)\s*(,|$)/i.test(vary)) h.set("Vary", `${vary}, Cookie`);
  };
  try {
    set(res.headers);
    return res;
  } catch {
    // Response.redirect() and friends have immutable headers: answer with a copy.
    const headers = new Headers(res.headers);
    set(headers);
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  }
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
