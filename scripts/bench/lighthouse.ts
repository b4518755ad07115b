// Row "lighthouse" — Lighthouse on the home page and a finished party's dashboard, in the
// light and the dark scheme: accessibility and best practices (goal ≥ 0.95 each),
// performance reported (--quick: the home page light, the dashboard dark, no
// performance). A production server (`next start`) on a fresh embedded database, one party
// run to the end at the instant model pace through the API, then Lighthouse in Debian's
// chromium (CHROME_PATH, default /usr/bin/chromium) with the owner's cookie.
// `--force-dark-mode` makes chromium report `prefers-color-scheme: dark`.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { Client, driveUntil, ServerProcess } from "../../tests/support/server";
import { benchPort } from "./ports";
import type { Row } from "./report";
import { defineRow, type BenchOptions } from "./row";

const PORT = benchPort("lighthouse");
const GOAL = 0.95;
const CATEGORIES = ["accessibility", "best-practices", "performance"] as const;
type Category = (typeof CATEGORIES)[number];

export interface LighthouseAudit {
  page: "home" | "dashboard";
  scheme: "light" | "dark";
  scores: Record<Category, number | null>;
  /** Audits that lost points in the graded categories, for the note. */
  failing: string[];
}

type Outcome = { audits: LighthouseAudit[] } | { skipped: string };

const chromePath = () => process.env.CHROME_PATH ?? "/usr/bin/chromium";

async function audit(url: string, cookie: string, dark: boolean, wanted: readonly Category[]): Promise<Pick<LighthouseAudit, "scores" | "failing">> {
  const chrome = await launch({ chromePath: chromePath(), chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", ...(dark ? ["--force-dark-mode"] : [])] });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...wanted] }, { extends: "lighthouse:default", settings: { formFactor: "desktop", screenEmulation: { mobile: false, width: 1280, height: 900, deviceScaleFactor: 1, disabled: false }, throttlingMethod: "provided", extraHeaders: cookie ? { cookie } : null } });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories, audits } = result.lhr;
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, wanted.includes(c) ? (categories[c]?.score ?? null) : null])) as Record<Category, number | null>;
    const graded = new Set(["accessibility", "best-practices"].flatMap((c) => categories[c]?.auditRefs.filter((r) => r.weight > 0).map((r) => r.id) ?? []));
    const failing = Object.values(audits)
      .filter((a) => graded.has(a.id) && a.score !== null && a.score < 1)
      .map((a) => {
        // What the page printed, so the note says which error it was.
        const items = (a.details as { items?: Array<{ description?: string; source?: string }> } | undefined)?.items ?? [];
        const first = items.find((i) => i.description)?.description;
        return first ? `${a.id} (${first.slice(0, 160)})` : a.id;
      });
    return { scores, failing };
  } finally {
    chrome.kill();
  }
}

async function run(o: BenchOptions): Promise<Outcome> {
  if (!existsSync(path.join(o.nextDir, "BUILD_ID"))) return { skipped: "skipped: run npm run build first" };
  if (!existsSync(chromePath())) return { skipped: `skipped: no chromium at ${chromePath()} (apt-get install chromium, or set CHROME_PATH)` };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-lighthouse-"));
  const server = new ServerProcess({ port: PORT, env: { DATA_DIR: dataDir, OFFLINE_MODEL_TPS: "0", DATABASE_URL: "", INCEPTION_MODEL: "offline", AUTH_SECRET: "bench-lighthouse-secret-0123456789abcdef" } });
  try {
    await server.start();
    const c = new Client(server);
    await c.session();
    const created = await c.json<{ id: string }>("/api/parties", { method: "POST", body: JSON.stringify({ description: "A shared calendar for a community garden: members book plots and tools, coordinators approve requests, and everyone gets a weekly digest email.", flags: ["--new", "--party"] }) });
    if (created.status !== 201) throw new Error(`creating the party answered ${created.status}`);
    o.log(`lighthouse: running party ${created.body.id} to the end`);
    const finished = driveUntil(c, created.body.id, (s) => s.status === "completed", 300_000);
    // --quick: each page in one scheme (both schemes still covered), no performance trace.
    const categories = o.quick ? CATEGORIES.filter((k) => k !== "performance") : CATEGORIES;
    const schemes = (page: string) => (o.quick ? ([page === "home" ? "light" : "dark"] as const) : (["light", "dark"] as const));
    const audits: LighthouseAudit[] = [];
    const auditPage = async (page: "home" | "dashboard", url: string) => {
      for (const scheme of schemes(page)) {
        o.log(`lighthouse: ${page}, ${scheme}`);
        audits.push({ page, scheme, ...(await audit(url, c.cookie, scheme === "dark", categories)) });
      }
    };
    // The home page does not depend on the party: it is audited while the party runs
    // (accessibility and best practices do not depend on timing; --quick has no
    // performance trace; the full run, which traces performance, audits it after the party).
    if (o.quick) await Promise.all([auditPage("home", `${server.url}/`), finished]);
    else {
      await finished;
      await auditPage("home", `${server.url}/`);
    }
    await auditPage("dashboard", `${server.url}/parties/${created.body.id}`);
    return { audits };
  } finally {
    await ServerProcess.killAll();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const pct = (s: number | null) => (s === null ? "n/a" : s.toFixed(2));

function rows(out: Outcome): Row[] {
  const measure = "Lighthouse accessibility / best practices / performance, 1280 px";
  if ("skipped" in out) return [{ id: "lighthouse", measure, value: out.skipped, goal: `≥ ${GOAL} / ≥ ${GOAL}`, verdict: "skipped" }];
  return out.audits.map((a, i) => {
    const worst = Math.min(a.scores.accessibility ?? 0, a.scores["best-practices"] ?? 0);
    return {
      id: i === 0 ? "lighthouse" : "",
      measure: `  ${a.page}, ${a.scheme} scheme`,
      value: `${pct(a.scores.accessibility)} / ${pct(a.scores["best-practices"])} / ${pct(a.scores.performance)}`,
      goal: `≥ ${GOAL} / ≥ ${GOAL}`,
      verdict: worst >= GOAL ? "pass" : "miss",
      measured: worst,
      note: a.failing.length ? `${a.page}, ${a.scheme}: lost points on ${a.failing.join("; ")}` : undefined,
    };
  });
}

export const lighthouseRow = defineRow<Outcome>({
  id: "lighthouse",
  title: () => "Lighthouse: home and a finished dashboard, light and dark",
  deadlineMs: () => 8 * 60_000,
  run,
  table: (r) => rows(r),
});
