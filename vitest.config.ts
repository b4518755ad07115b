import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Node 20 lacks Map.groupBy, which vitest 5's reporter calls when a test fails: without
// this a red run crashes instead of reporting.
if (!("groupBy" in Map)) {
  Object.defineProperty(Map, "groupBy", {
    value<K, V>(items: Iterable<V>, key: (v: V, i: number) => K): Map<K, V[]> {
      const out = new Map<K, V[]>();
      let i = 0;
      for (const v of items) {
        const k = key(v, i++);
        out.set(k, [...(out.get(k) ?? []), v]);
      }
      return out;
    },
  });
}

const alias = { "@": fileURLToPath(new URL(".", import.meta.url)) };

/**
 * Integration tests whose outcome depends on the database: what they check is done by
 * SQL that behaves differently on a server with a pool of connections than on the
 * single-connection PGlite (migrations, the fenced store and its races, leases and
 * takeovers, NOTIFY, the CLI on DATABASE_URL). CI runs these a second time on PostgreSQL
 * (the `pg` project). The others check HTTP rules and views over that same store, or
 * PGlite itself (`lib/db/client.int.test.ts`), and run once, on PGlite.
 */
const DATABASE_DEPENDENT = [
  "lib/db/migrate.int.test.ts",
  "lib/db/party-store.int.test.ts",
  "lib/db/notify.int.test.ts",
  "lib/server/party-runner.int.test.ts",
  "lib/server/revision-resume.int.test.ts",
  "lib/server/one-job.int.test.ts",
  "lib/cli/discover-cli.int.test.ts",
];
// A renamed file would silently leave the PostgreSQL pass: refuse to run instead.
for (const f of DATABASE_DEPENDENT) if (!existsSync(new URL(f, import.meta.url))) throw new Error(`vitest.config.ts: ${f} is listed as database-dependent but does not exist`);

const integration = {
  environment: "node",
  testTimeout: 60_000,
  hookTimeout: 60_000,
  // PGlite is single-connection and CPU-heavy: keep files from fighting on 2 cores.
  fileParallelism: false,
} as const;

// `npm test` runs the unit tests and every integration test on embedded PGlite (`unit`
// and `int`); CI runs `pg` with TEST_DATABASE_URL pointing at a real PostgreSQL.
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          // The workspace packages' own tests run here too (packages/*: the protocol, the built-in model).
          include: ["{lib,app,components,scripts,packages}/**/*.test.ts"],
          exclude: ["**/*.int.test.ts", "node_modules/**"],
          environment: "node",
          // One module graph per worker, not per file: re-importing the app, the AI SDK and
          // the built-in model for each of ~130 files was ~100 of the project's ~255 CPU s.
          // The files leave no state behind (env, globals, timers and spies are restored;
          // they pass in shuffled orders: --sequence.shuffle.files).
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "int",
          include: ["{lib,app,components,scripts,tests,packages}/**/*.int.test.ts"],
          exclude: ["node_modules/**", "tests/e2e/**"],
          ...integration,
        },
      },
      {
        resolve: { alias },
        test: { name: "pg", include: DATABASE_DEPENDENT, ...integration },
      },
    ],
  },
});
