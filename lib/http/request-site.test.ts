import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { installPeerHeaders, PEER_ADDRESS, PEER_PROTO } from "./peer-headers";
import { clientAddress, requestSite, sameSite, securityHeaders } from "./request-site";

const url = new URL("http://localhost:3000/api/parties");
const h = (o: Record<string, string>) => new Headers(o);

describe("the site a request was sent to", () => {
  it("ignores X-Forwarded-Host and -Proto unless TRUST_PROXY is set", () => {
    const headers = h({ host: "app.example:3000", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" });
    expect(requestSite(headers, 0, url)).toEqual({ host: "app.example:3000", proto: "http" });
    expect(requestSite(headers, 1, url)).toEqual({ host: "evil.example", proto: "https" });
  });

  it("refuses an Origin naming the host a client forged in X-Forwarded-Host", () => {
    const headers = h({ host: "app.example", "x-forwarded-host": "evil.example" });
    expect(sameSite("http://evil.example", requestSite(headers, 0, url))).toBe(false);
    expect(sameSite("http://app.example", requestSite(headers, 0, url))).toBe(true);
  });

  it("compares the scheme, and a default port equals none", () => {
    const site = requestSite(h({ host: "app.example", "x-forwarded-proto": "https" }), 1, url);
    expect(sameSite("https://app.example", site)).toBe(true);
    expect(sameSite("https://app.example:443", site)).toBe(true);
    expect(sameSite("http://app.example", site)).toBe(false);
    expect(sameSite("null", site)).toBe(false);
  });

  it("sends HSTS only over HTTPS, and a Permissions-Policy always", () => {
    const plain = securityHeaders({ host: "h", proto: "http" });
    expect(plain["Strict-Transport-Security"]).toBeUndefined();
    expect(plain["Permissions-Policy"]).toMatch(/camera=\(\)/);
    expect(securityHeaders({ host: "h", proto: "https" })["Strict-Transport-Security"]).toMatch(/^max-age=\d{7,}/);
  });
});

describe("the client's address", () => {
  it("takes the address the trusted proxy appended, not one the client put before it", () => {
    const headers = h({ "x-forwarded-for": "6.6.6.6, 203.0.113.9" });
    expect(clientAddress(headers, 1)).toBe("203.0.113.9");
    expect(clientAddress(h({ "x-forwarded-for": "6.6.6.6, 203.0.113.9, 10.0.0.2" }), 2)).toBe("203.0.113.9");
  });

  it("is the socket's peer without a trusted proxy, whatever the client sends in the headers", async () => {
    installPeerHeaders();
    const seen: Array<{ address: string | null; proto: string }> = [];
    const server = http.createServer((req, res) => {
      const headers = new Headers(req.headers as Record<string, string>);
      seen.push({ address: clientAddress(headers, 0), proto: requestSite(headers, 0, url).proto });
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    try {
      const port = (server.address() as AddressInfo).port;
      await fetch(`http://127.0.0.1:${port}/`, { headers: { "x-forwarded-for": "6.6.6.6", [PEER_ADDRESS]: "6.6.6.6", [PEER_PROTO]: "https", "x-forwarded-proto": "https" } });
    } finally {
      server.close();
    }
    expect(seen).toEqual([{ address: "127.0.0.1", proto: "http" }]);
  });
});
