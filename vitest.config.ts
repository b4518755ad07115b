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

// `npm test` runs unit tests and the integration tests on embedded PGlite; CI runs the
// `int` project a second time with TEST_DATABASE_URL pointing at a real PostgreSQL.
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["{lib,app,components,scripts}/**/*.test.ts"],
          exclude: ["**/*.int.test.ts", "node_modules/**"],
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "int",
          include: ["{lib,app,components,scripts,tests}/**/*.int.test.ts"],
          exclude: ["node_modules/**", "tests/e2e/**"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // PGlite is single-connection and CPU-heavy: keep files from fighting on 2 cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
