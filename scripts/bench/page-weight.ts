// Row 5 — page weight: the first-load JavaScript of a route, gzipped, from the `.next`
// build output. First load = the root main files every page loads (build-manifest.json)
// plus the entry chunks of the root layout and of the route's page (the route's client
// reference manifest). Chunks loaded later (dynamic imports) and the nomodule polyfills
// are not counted, as Next's own "First Load JS" does not count them.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { judge, type Row } from "./report";
import { defineRow } from "./row";

export interface PageWeight {
  route: string;
  files: Array<{ file: string; bytes: number; gzip: number }>;
  bytes: number;
  gzip: number;
}

/** Entry chunks from a `page_client-reference-manifest.js` file's text. */
export function entryChunks(manifestJs: string, route: string): Record<string, string[]> {
  const m = /globalThis\.__RSC_MANIFEST\[("(?:[^"\\]|\\.)*")\]\s*=\s*(\{[\s\S]*\});?\s*$/m.exec(manifestJs);
  if (!m || JSON.parse(m[1]) !== route) throw new Error(`no client reference manifest for ${route}`);
  const manifest = JSON.parse(m[2]) as { entryJSFiles?: Record<string, string[]> };
  return manifest.entryJSFiles ?? {};
}

/** The files a first visit to `route` (e.g. "/parties/[id]") downloads, without duplicates. */
export function firstLoadFiles(buildManifest: { rootMainFiles?: string[] }, entries: Record<string, string[]>, route: string): string[] {
  const page = `[project]/app${route === "/" ? "" : route}/page`;
  if (!entries[page]) throw new Error(`the manifest has no entry for ${page}`);
  const files = [...(buildManifest.rootMainFiles ?? []), ...(entries["[project]/app/layout"] ?? []), ...entries[page]];
  return [...new Set(files)].filter((f) => f.endsWith(".js"));
}

/** null when there is no finished build in `nextDir`. */
export function pageWeight(nextDir: string, route: string): PageWeight | null {
  if (!existsSync(path.join(nextDir, "BUILD_ID"))) return null;
  const manifestFile = path.join(nextDir, "server", "app", ...route.split("/").filter(Boolean), "page_client-reference-manifest.js");
  if (!existsSync(manifestFile)) return null;
  const buildManifest = JSON.parse(readFileSync(path.join(nextDir, "build-manifest.json"), "utf8")) as { rootMainFiles?: string[] };
  const files = firstLoadFiles(buildManifest, entryChunks(readFileSync(manifestFile, "utf8"), `${route}/page`.replace(/^\/\//, "/")), route).map((file) => {
    const buf = readFileSync(path.join(nextDir, file));
    return { file, bytes: buf.length, gzip: gzipSync(buf).length };
  });
  return { route, files, bytes: files.reduce((s, f) => s + f.bytes, 0), gzip: files.reduce((s, f) => s + f.gzip, 0) };
}

function pageRows(w: PageWeight | null): Row[] {
  const measure = "First-load JS of /parties/[id] (gzip)";
  if (!w) return [{ id: "5", measure, value: "skipped: run npm run build first", goal: "≤ 200 kB", verdict: "skipped" }];
  const kb = w.gzip / 1000;
  return [{ id: "5", measure, value: `${kb.toFixed(1)} kB (${w.files.length} files, ${(w.bytes / 1000).toFixed(0)} kB raw)`, goal: "≤ 200 kB", verdict: judge(kb, 200), measured: kb }];
}

export const pageWeightRow = defineRow<PageWeight | null>({
  id: "5",
  title: () => "first-load JavaScript of /parties/[id] in the production build",
  deadlineMs: () => 60_000,
  run: async (o) => pageWeight(path.resolve(o.nextDir), "/parties/[id]"),
  table: (w) => pageRows(w ?? null),
});
