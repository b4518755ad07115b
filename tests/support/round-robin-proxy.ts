// A round-robin HTTP load balancer in front of several instances, for the three-instance
// test and bench row: httpxy does the proxying (streaming SSE included); this only picks
// the next instance. Like nginx's defaults: an instance that refuses a connection is
// skipped for a while, and a GET it refused goes to the next one; other requests get a
// 502 for the client to retry (they may have reached the instance). No sticky sessions:
// any instance serves any request.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createProxyServer } from "httpxy";

const DOWN_MS = 2000;

export class RoundRobinProxy {
  private next = 0;
  private readonly downUntil = new Map<string, number>();
  private server: http.Server | null = null;
  /** Requests per instance, and requests answered 502 because every try failed. */
  readonly served = new Map<string, number>();
  failed = 0;

  constructor(
    readonly targets: readonly string[],
    private readonly port = 0,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  private pick(): string {
    const now = Date.now();
    for (let i = 0; i < this.targets.length; i++) {
      const t = this.targets[this.next++ % this.targets.length];
      if ((this.downUntil.get(t) ?? 0) <= now) return t;
    }
    return this.targets[this.next++ % this.targets.length];
  }

  async start(): Promise<void> {
    // No "error" listener: then each proxied request's own promise rejects with its error.
    const proxy = createProxyServer({ xfwd: true });
    const forward = (req: http.IncomingMessage, res: http.ServerResponse, tries: number) => {
      const target = this.pick();
      this.served.set(target, (this.served.get(target) ?? 0) + 1);
      proxy.web(req, res, { target }).catch((err: Error & { code?: string }) => {
        this.downUntil.set(target, Date.now() + DOWN_MS);
        const idempotent = req.method === "GET" || req.method === "HEAD";
        if (err.code === "ECONNREFUSED" && idempotent && tries + 1 < this.targets.length && !res.headersSent) forward(req, res, tries + 1);
        else this.fail(res, err);
      });
    };
    this.server = http.createServer((req, res) => forward(req, res, 0));
    await new Promise<void>((resolve, reject) => {
      this.server!.once("error", reject);
      this.server!.listen(this.port, "127.0.0.1", resolve);
    });
  }

  private fail(res: http.ServerResponse, err: unknown): void {
    this.failed++;
    if (!res.headersSent) {
      res.writeHead(502, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { code: "bad_gateway", message: `no instance answered: ${(err as Error).message}`, fields: {} } }));
    } else res.destroy();
  }

  async stop(): Promise<void> {
    const s = this.server;
    this.server = null;
    if (!s) return;
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
}
