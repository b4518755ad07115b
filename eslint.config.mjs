import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// Layers point one way (docs/architecture.md): app → components → lib. Enforced here so a wrong
// import fails CI instead of a review.
const UPWARD = "Dependencies point app → components → lib, never back.";
// A workspace package (packages/*) is imported by its name, never by a path into its folder.
const INTO_PACKAGES = { regex: "(^|/)packages/", message: "Import a workspace package by its name (@inception-party/…), not by a path into packages/." };
const noUpward = (groups, ...more) => ({ "no-restricted-imports": ["error", { patterns: [{ group: groups, message: UPWARD }, INTO_PACKAGES, ...more] }] });
const LIB_UPWARD = ["@/app/*", "@/components/*", "**/app/*", "**/components/*"];
const COMPONENTS_UPWARD = ["@/app/*", "**/app/*", "@/lib/db/*", "**/lib/db/*"];
// The built-in model is a provider like any other: the app reaches it through its package's
// entry (@inception-party/offline-model). Its corpus and testing entries are for tests and
// scripts only.
const OFFLINE_DEEP = { group: ["@inception-party/offline-model/*"], message: "Reach the built-in model through @inception-party/offline-model (its entry), like any provider." };
/** What the boundaries leave out: tests and their support may reach inside. */
const PRODUCTION = ["**/*.test.ts", "**/*.test.tsx", "**/testing/**"];
/**
 * The packages reach nothing of the app: each imports only its own files and the
 * dependencies its package.json declares (devDependencies in its tests).
 */
const PACKAGE_OUT = "A package depends only on what its package.json declares: it is not part of the app.";
const packageBoundary = {
  "no-restricted-imports": ["error", { patterns: [{ group: ["@/*"], message: PACKAGE_OUT }, { regex: "^(\\.\\./)+(app|components|lib|scripts|tests)(/|$)", message: PACKAGE_OUT }] }],
  "import/no-extraneous-dependencies": ["error", { devDependencies: ["**/*.test.ts"], includeInternal: true }],
  "import/no-relative-packages": "error",
};

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: ["lib/db/generated/**", ".next/**", ".data/**", "node_modules/**", "test-results/**", "next-env.d.ts"] },
  { files: ["lib/**/*.{ts,tsx}"], rules: noUpward(LIB_UPWARD) },
  { files: ["lib/**/*.{ts,tsx}"], ignores: ["lib/wire/**", ...PRODUCTION], rules: noUpward(LIB_UPWARD, OFFLINE_DEEP) },
  { files: ["app/**/*.{ts,tsx}"], ignores: PRODUCTION, rules: { "no-restricted-imports": ["error", { patterns: [INTO_PACKAGES, OFFLINE_DEEP] }] } },
  { files: ["packages/**/*.ts"], rules: packageBoundary },
  // The wire contract is what the orchestrator reads its events from: it must not read the orchestrator (its tests may drive a party).
  {
    files: ["lib/wire/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: noUpward(LIB_UPWARD, OFFLINE_DEEP, { group: ["@/lib/party/*", "**/lib/party/*", "../party/*"], message: "lib/wire imports nothing from lib/party: lib/party depends on lib/wire." }),
  },
  // The browser never touches the database, nor the orchestrator (its tests may drive a party to get a real log).
  {
    files: ["components/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts"],
    rules: noUpward(COMPONENTS_UPWARD, OFFLINE_DEEP, { group: ["@/lib/party/*", "**/lib/party/*"], message: "components import nothing from lib/party, the orchestrator: what the browser shares with it lives in lib/vocabulary, lib/wire or lib/report." }),
  },
  { files: ["components/**/*.test.ts"], rules: noUpward(COMPONENTS_UPWARD) },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
];

export default config;
