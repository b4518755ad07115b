import { hostname, networkInterfaces } from "node:os";
import type { NextConfig } from "next";
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

const nextConfig: NextConfig = {
  // PGlite loads its WASM and data files by path at run time: bundling breaks that.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "pg", "@prisma/adapter-pg"],
  poweredByHeader: false,
  reactStrictMode: true,
  allowedDevOrigins: devOrigins(),
  // The build does not type-check: `npm run typecheck` does, and CI runs it (and lint)
  // before anything is built. A first `npm start` is shorter by a whole tsc pass.
  typescript: { ignoreBuildErrors: true },
  // Turbopack keeps a build cache so that a rebuild after a pull compiles only what
  // changed (half the CPU); CI builds a clean clone once, where writing it is only cost.
  experimental: { turbopackFileSystemCacheForBuild: !process.env.CI },
};

export default nextConfig;
