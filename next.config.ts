import { hostname, networkInterfaces } from "node:os";
import type { NextConfig } from "next";
import { PHASE_PRODUCTION_BUILD } from "next/constants";
import { assertEnv } from "./lib/env";

// Fail before the server starts: one line naming the bad variable.
assertEnv();

/**
 * Hosts the dev server may be opened from. Next blocks its dev scripts for any other
 * host, which leaves the page a skeleton that never hydrates: allow this machine's own
 * names and addresses, plus ALLOWED_DEV_ORIGINS (comma-separated) for anything else
 * (a tunnel, a reverse proxy).
 */
function devOrigins(): string[] {
  const addresses = Object.values(networkInterfaces())
    .flat()
    .flatMap((i) => (i && !i.internal ? [i.address] : []));
  const extra = (process.env.ALLOWED_DEV_ORIGINS ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  return [...new Set(["localhost", "127.0.0.1", "::1", hostname(), ...addresses, ...extra])];
}

export default function nextConfig(phase: string): NextConfig {
  const build = phase === PHASE_PRODUCTION_BUILD;
  return {
    // PGlite loads its WASM and data files by path at run time: bundling breaks that.
    serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "pg", "@prisma/adapter-pg"],
    // The workspace packages ship TypeScript source (their `exports` point at .ts files).
    transpilePackages: ["@inception-party/protocol", "@inception-party/offline-model"],
    poweredByHeader: false,
    reactStrictMode: true,
    allowedDevOrigins: devOrigins(),
    // The build does not type-check: `npm run typecheck` does, and CI runs it (and lint)
    // too. A first `npm start` is shorter by a whole tsc pass.
    typescript: { ignoreBuildErrors: true },
    experimental: {
      // `next start` loads each route's code on its first request instead of all of them
      // at start: a restart answers in 2.5 s instead of 4 (3.5 CPU s instead of 4.5), and
      // the first page still takes 0.2-0.7 s, as with the preload. The crash test
      // restarts a server 40 times.
      preloadEntriesOnStart: false,
      // The production build's server code is neither minified nor source-mapped: it
      // never leaves the machine, `next start` does not read the maps (168 MB of them),
      // and its stack traces stay readable without them. Those two were half the build's
      // CPU (128 → 63 s on two cores). The browser's code is minified as ever; the dev
      // server keeps its source maps.
      ...(build ? { turbopackSourceMaps: false, turbopackMinify: { server: false, client: true } } : {}),
      // Turbopack keeps a build cache so that a rebuild after a pull compiles only what
      // changed (24 s of CPU instead of 55). Not written where nothing will reuse it: in
      // CI (a clean clone, built once) and on a first start (scripts/start.mjs says which).
      turbopackFileSystemCacheForBuild: !process.env.CI && process.env.INCEPTION_BUILD_CACHE !== "0",
    },
  };
}
