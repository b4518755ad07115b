import type { NextConfig } from "next";
import { assertEnv } from "./lib/env";

// Fail before the server starts: one line naming the bad variable.
assertEnv();

const nextConfig: NextConfig = {
  // PGlite loads its WASM and data files by path at run time: bundling breaks that.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "pg", "@prisma/adapter-pg"],
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
