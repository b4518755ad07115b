// Test support for the route tests: calls a route handler the way Next does, with the
// guest cookie, a JSON body and the route's params, without an HTTP server.
import { GUEST_COOKIE } from "@/lib/auth/guest-token";

export const BASE = "http://localhost:3000";
type Handler = (req: Request, ctx: { params: Promise<Record<string, unknown>> }) => Promise<Response>;

export interface CallOptions {
  cookie?: string;
  method?: string;
  body?: string;
  headers?: Record<string, string>;
  params?: Record<string, unknown>;
}

export function call(handler: unknown, path: string, opts: CallOptions = {}): Promise<Response> {
  const headers = new Headers(opts.headers);
  if (opts.cookie) headers.set("cookie", `${GUEST_COOKIE}=${opts.cookie}`);
  if (opts.body !== undefined && !headers.has("content-type")) headers.set("content-type", "application/json");
  const req = new Request(BASE + path, { method: opts.method ?? "GET", headers, body: opts.body });
  return (handler as Handler)(req, { params: Promise.resolve(opts.params ?? {}) });
}
