// The request proxy (proxy.ts) as a browser or a forger meets it.
import { NextRequest } from "next/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { reloadEnv } from "../env";
import { proxy } from "../../proxy";

const post = (headers: Record<string, string>) => new NextRequest("http://localhost:3000/api/parties", { method: "POST", headers });

describe("proxy.ts", () => {
  const saved = { ...process.env };
  beforeEach(() => {
    process.env.AUTH_SECRET = "x".repeat(40);
    delete process.env.TRUST_PROXY;
    reloadEnv();
  });
  afterEach(() => {
    process.env = { ...saved };
    reloadEnv();
  });

  it("refuses an Origin that matches only a client-supplied X-Forwarded-Host", async () => {
    const r = await proxy(post({ host: "app.example", origin: "http://evil.example", "x-forwarded-host": "evil.example" }));
    expect(r.status).toBe(403);
  });

  it("refuses an Origin with the right host and the wrong scheme", async () => {
    const r = await proxy(post({ host: "app.example", origin: "https://app.example" }));
    expect(r.status).toBe(403);
  });

  it("believes X-Forwarded-Host and -Proto when TRUST_PROXY is set, and then sends HSTS", async () => {
    process.env.TRUST_PROXY = "1";
    reloadEnv();
    const r = await proxy(post({ host: "10.0.0.5:3000", origin: "https://app.example", "x-forwarded-host": "app.example", "x-forwarded-proto": "https" }));
    expect(r.status).toBe(200);
    expect(r.headers.get("strict-transport-security")).toMatch(/^max-age=/);
  });

  it("answers an address with a malformed %-escape with 400 naming the URL", async () => {
    for (const path of ["/api/parties/%ZZ", "/api/parties/abc/artifacts/docs/%E0%A4%A.md", "/parties/%ED%A0%80"]) {
      const r = await proxy(new NextRequest(`http://localhost:3000${path}`, { headers: { host: "localhost:3000" } }));
      expect(r.status, path).toBe(400);
      expect((await r.json()).error.fields, path).toEqual({ "(url)": "must be validly %-encoded" });
    }
  });

  it("sends a Permissions-Policy, and no HSTS over plain HTTP", async () => {
    const r = await proxy(new NextRequest("http://localhost:3000/", { headers: { host: "localhost:3000" } }));
    expect(r.headers.get("permissions-policy")).toMatch(/camera=\(\)/);
    expect(r.headers.get("strict-transport-security")).toBeNull();
  });
});
