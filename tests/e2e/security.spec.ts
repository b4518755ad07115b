// No one gets in, nothing leaks out: cookie flags, cross-site refusals, the CSP, provider
// keys kept out of the client bundle, and hostile model output rendered harmlessly.
import { expect, test } from "@playwright/test";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { answerPending, Client, ServerProcess, sleep } from "../support/server";
import { portOf } from "../support/ports";

test("the guest cookie is httpOnly and SameSite=Lax; pages carry a nonce CSP", async ({ request, baseURL }) => {
  const r = await request.post(`${baseURL}/api/session`);
  expect(r.status()).toBe(204);
  const cookie = r.headers()["set-cookie"] ?? "";
  expect(cookie).toMatch(/ip_guest=/);
  expect(cookie).toMatch(/HttpOnly/i);
  expect(cookie).toMatch(/SameSite=lax/i);
  const page = await request.get(`${baseURL}/`);
  const csp = page.headers()["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  expect(csp).toContain("img-src 'self' data: blob:");
  expect(csp).toContain("connect-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
});

test("mutations with a foreign or null Origin get 403 and change nothing", async ({ request, baseURL }) => {
  await request.post(`${baseURL}/api/session`);
  const body = { description: "A cross-site attempt to create a party in someone else's name." };
  for (const origin of ["https://evil.example", "null"]) {
    const r = await request.post(`${baseURL}/api/parties`, { data: body, headers: { origin } });
    expect(r.status(), origin).toBe(403);
  }
  expect(await (await request.get(`${baseURL}/api/parties`)).json()).toEqual([]);
});

test("provider keys set at build time never reach the client bundle", () => {
  // playwright.config.ts builds with OPENAI_API_KEY / ANTHROPIC_API_KEY set to these canaries.
  const canaries = Object.values(JSON.parse(readFileSync("tests/support/canary-keys.json", "utf8")) as Record<string, string>);
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const f of readdirSync(dir)) {
      const p = path.join(dir, f);
      if (statSync(p).isDirectory()) walk(p);
      else files.push(p);
    }
  };
  walk(".next/static");
  expect(files.length).toBeGreaterThan(10);
  const leaks = files.filter((f) => {
    const text = readFileSync(f, "latin1");
    return canaries.some((c) => text.includes(c)) || /OPENAI_API_KEY|ANTHROPIC_API_KEY/.test(text);
  });
  console.log(`bundle check: ${files.length} client files scanned, ${leaks.length} leaks`);
  expect(leaks).toEqual([]);
});

test("hostile model output renders as text: no script runs, nothing loads from another host", async ({ browser }) => {
  test.setTimeout(300_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "ip-hostile-"));
  const s = new ServerProcess({
    port: portOf("security"),
    env: { DATA_DIR: dataDir, OFFLINE_MODEL_FAULTS: "hostile-markdown", OFFLINE_MODEL_TPS: "2000", OFFLINE_MODEL_FIRST_TOKEN_MS: "5" },
  });
  try {
    await s.start();
    const context = await browser.newContext({ baseURL: s.url });
    const page = await context.newPage();
    const foreign: string[] = [];
    const dialogs: string[] = [];
    page.on("request", (r) => {
      const host = new URL(r.url()).hostname;
      if (!["127.0.0.1", "localhost"].includes(host) && !r.url().startsWith("data:")) foreign.push(r.url());
    });
    page.on("dialog", async (d) => {
      dialogs.push(d.message());
      await d.dismiss();
    });
    await page.goto("/");
    // Create the party through the API with the page's own cookie, then watch it.
    const c = new Client(s);
    c.cookie = (await context.cookies()).map((k) => `${k.name}=${k.value}`).join("; ");
    const { body } = await c.json<{ id: string }>("/api/parties", {
      method: "POST",
      body: JSON.stringify({ description: "A recipe sharing site for a cooking club, with weekly challenges and photo uploads.", flags: ["--party"] }),
    });
    await page.goto(`/parties/${body.id}`);
    for (let i = 0; i < 400; i++) {
      const status = await answerPending(c, body.id);
      if (status === "completed") break;
      await sleep(250);
    }
    await page.reload();
    await page.waitForLoadState("networkidle");
    const html = await page.content();
    // The payload is visible as text (escaped), never as live markup.
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(await page.locator("main script").count()).toBe(0);
    expect(await page.locator("main iframe").count()).toBe(0);
    expect(await page.locator("main img[onerror]").count()).toBe(0);
    expect(await page.locator('main a[href^="javascript:"]').count()).toBe(0);
    expect(await page.locator('main img[src^="https://evil.example"]').count()).toBe(0);
    console.log(`hostile markdown: ${dialogs.length} dialogs, ${foreign.length} foreign requests`);
    expect(dialogs).toEqual([]);
    expect(foreign).toEqual([]);
    await context.close();
  } finally {
    await s.signal("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("an owner link only asks: a foreign POST is refused, the page's confirmation admits; only the creator makes a new link", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const mine = await browser.newContext({ baseURL });
  const theirs = await browser.newContext({ baseURL });
  try {
    await mine.request.post("/api/session");
    await theirs.request.post("/api/session");
    const created = await mine.request.post("/api/parties", { data: { description: "A lending library for tools run by neighbours: members borrow drills and ladders for a week.", flags: ["--new", "--party"] } });
    expect(created.status()).toBe(201);
    const { id } = await created.json();
    const summary = await (await mine.request.get(`/api/parties/${id}`)).json();
    expect(summary.isCreator).toBe(true);
    const token = new URL(summary.ownerUrl, baseURL).searchParams.get("token")!;

    // Opening the link (what any site can make a browser do) makes nobody an owner.
    const opened = await theirs.request.get(summary.ownerUrl, { maxRedirects: 0 });
    expect(opened.status()).toBe(303);
    expect(opened.headers()["location"]).toBe(`/parties/${id}/join?token=${token}`);
    expect((await theirs.request.get(`/api/parties/${id}`)).status()).toBe(404);
    // Nor does a confirmation posted from another site.
    expect((await theirs.request.post(`/api/parties/${id}/owners`, { data: { token }, headers: { origin: "https://evil.example" } })).status()).toBe(403);
    expect((await theirs.request.get(`/api/parties/${id}`)).status()).toBe(404);

    // The page's own confirmation does.
    const page = await theirs.newPage();
    await page.goto(summary.ownerUrl);
    await expect(page).toHaveURL(new RegExp(`/parties/${id}/join\\?token=`));
    await page.getByTestId("join-confirm").click();
    await expect(page).toHaveURL(new RegExp(`/parties/${id}$`));
    await expect(page.getByTestId("party-dashboard")).toHaveAttribute("data-readonly", "false");
    await expect(page.getByTestId("rotate-owner-link")).toHaveCount(0);

    // A co-owner cannot evict the others; the creator's new link drops the co-owner.
    expect((await theirs.request.post(`/api/parties/${id}/owner-link`, { data: {} })).status()).toBe(403);
    expect((await theirs.request.post(`/api/parties/${id}/watch-link`, { data: {} })).status()).toBe(403);
    expect((await mine.request.post(`/api/parties/${id}/owner-link`, { data: {} })).status()).toBe(200);
    expect((await theirs.request.get(`/api/parties/${id}`)).status()).toBe(404);
    await mine.request.post(`/api/parties/${id}/cancel`, { data: {} });
  } finally {
    await Promise.all([mine.close(), theirs.close()]);
  }
});

// Issue 24: the probes a security review made from outside, each held.

test("a forged X-Forwarded-Host does not pass the Origin check, nor does the right host over the wrong scheme", async ({ request, baseURL }) => {
  await request.post(`${baseURL}/api/session`);
  const body = { description: "A forged-host attempt to create a party from another site." };
  const forged = await request.post(`${baseURL}/api/parties`, { data: body, headers: { origin: "https://evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" } });
  expect(forged.status()).toBe(403);
  const host = new URL(baseURL!).host;
  const scheme = await request.post(`${baseURL}/api/parties`, { data: body, headers: { origin: `https://${host}` } });
  expect(scheme.status()).toBe(403);
});

test("pages and API answers carry a Permissions-Policy; no HSTS over plain HTTP; owner answers are private", async ({ request, baseURL }) => {
  const page = await request.get(`${baseURL}/`);
  expect(page.headers()["permissions-policy"]).toMatch(/camera=\(\)/);
  expect(page.headers()["strict-transport-security"]).toBeUndefined();
  await request.post(`${baseURL}/api/session`);
  const created = await request.post(`${baseURL}/api/parties`, { data: { description: "A tool-lending library for a street: who has the ladder, and when it comes back." } });
  expect(created.status()).toBe(201);
  const { id } = await created.json();
  for (const suffix of ["", "/artifacts", "/state.json", "/bundle"]) {
    const r = await request.get(`${baseURL}/api/parties/${id}${suffix}`);
    expect(r.status(), suffix).toBe(200);
    expect(r.headers()["cache-control"], suffix).toBe("private, no-store");
    expect(r.headers()["vary"], suffix).toMatch(/Cookie/);
  }
  await request.post(`${baseURL}/api/parties/${id}/cancel`);
});

/** A raw request: fetch and Playwright refuse to send a malformed URL or a lone surrogate as is. */
function raw(port: number, method: string, path: string, headers: Record<string, string>, body?: Buffer): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const r = httpRequest({ host: "127.0.0.1", port, method, path, headers: { ...headers, ...(body ? { "content-length": String(body.length) } : {}) } }, (res) => {
      let text = "";
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
    });
    r.on("error", reject);
    r.end(body);
  });
}

test("a NUL or a lone surrogate in a field, or a malformed %-escape in the address, is a 4xx naming it, never a 500", async ({ request, baseURL }) => {
  const session = await request.post(`${baseURL}/api/session`);
  const cookie = (session.headers()["set-cookie"] ?? "").split(";")[0];
  const port = Number(new URL(baseURL!).port);
  const json = { "content-type": "application/json", cookie };
  for (const [field, text] of [
    ["description", '{"description":"A fine description of a project.\\u0000"}'],
    ["description", '{"description":"A fine description of a project \\ud800."}'],
    ["title", '{"description":"A fine description of a project.","title":"\\udc00"}'],
  ] as const) {
    const r = await raw(port, "POST", "/api/parties", json, Buffer.from(text));
    expect(r.status, text).toBe(422);
    expect(Object.keys(JSON.parse(r.text).error.fields), text).toEqual([field]);
  }
  for (const path of ["/api/parties/%ZZ", "/api/parties/abc/artifacts/docs/%ZZ.md", "/parties/%ZZ"]) {
    const r = await raw(port, "GET", path, { cookie });
    expect(r.status, path).toBeGreaterThanOrEqual(400);
    expect(r.status, path).toBeLessThan(500);
  }
  const badCookie = await raw(port, "GET", "/api/parties", { cookie: "ip_guest=%ZZ" });
  expect(badCookie.status).toBeLessThan(500);
});

test("fresh cookies from one address stop at its limit; the embedded database's files are private", async () => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "ip-limits-"));
  const s = new ServerProcess({
    port: portOf("securityLimits"),
    env: { DATA_DIR: dataDir, MAX_ACTIVE_PARTIES_PER_ADDRESS: "2", OFFLINE_MODEL_TPS: "2000", OFFLINE_MODEL_FIRST_TOKEN_MS: "5" },
  });
  try {
    await s.start();
    const statuses: number[] = [];
    let refused: Response | null = null;
    for (let i = 0; i < 4; i++) {
      const c = new Client(s);
      await c.session();
      // A client-supplied X-Forwarded-For is not believed without TRUST_PROXY.
      const r = await c.req("/api/parties", { method: "POST", body: JSON.stringify({ description: `A small project number ${i} for a probe of the per-address limit.` }), headers: { "x-forwarded-for": `198.51.100.${i}` } });
      statuses.push(r.status);
      if (r.status === 429) refused = r;
    }
    expect(statuses).toEqual([201, 201, 429, 429]);
    expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await refused!.json()).error.message).toMatch(/from your network/);
    // Parties ran and wrote, and PGlite creates its files 0666: the open fixed the cluster,
    // and a sweep every 30 s fixes what came since.
    const loose = () => {
      const found: string[] = [];
      const walk = (dir: string) => {
        for (const f of readdirSync(dir)) {
          const p = path.join(dir, f);
          const st = statSync(p, { throwIfNoEntry: false });
          if (!st) continue;
          if ((st.mode & 0o777) !== (st.isDirectory() ? 0o700 : 0o600)) found.push(`${path.relative(dataDir, p)} ${(st.mode & 0o777).toString(8)}`);
          if (st.isDirectory()) walk(p);
        }
      };
      walk(path.join(dataDir, "pglite"));
      return found;
    };
    expect((statSync(dataDir).mode & 0o777).toString(8)).toBe("700");
    expect((statSync(path.join(dataDir, "pglite")).mode & 0o777).toString(8)).toBe("700");
    console.log(`data dir: ${loose().length} files written since the open and not yet swept`);
    await expect.poll(loose, { timeout: 70_000, intervals: [5_000] }).toEqual([]);
  } finally {
    await s.signal("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  }
});
