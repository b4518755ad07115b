import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

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
