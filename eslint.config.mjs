import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// Layers point one way (docs/architecture.md): app → components → lib. Enforced here so a wrong
// import fails CI instead of a review.
const UPWARD = "Dependencies point app → components → lib, never back.";
const noUpward = (groups, ...more) => ({ "no-restricted-imports": ["error", { patterns: [{ group: groups, message: UPWARD }, ...more] }] });
const LIB_UPWARD = ["@/app/*", "@/components/*", "**/app/*", "**/components/*"];
const COMPONENTS_UPWARD = ["@/app/*", "**/app/*", "@/lib/db/*", "**/lib/db/*"];
// The built-in model is a provider like any other: the app reaches it through its index
// (lib/ai/offline/index.ts), and it reaches nothing of the app but the prompt protocol,
// the vocabulary and the text helpers. Its tests, testing/ and corpus/ folders may cross.
const OFFLINE_DEEP = { regex: "(^|/)ai/offline/(?!testing/|corpus(/|$))|^(\\.\\./)+offline/(?!testing/|corpus(/|$))", message: "Reach the built-in model through lib/ai/offline (its index), like any provider." };
const OFFLINE_OUT = {
  regex: "^(@/lib/|(\\.\\./)+)(agents|ai/(?!offline)|auth|cli|db|env|errors|events|http|next-steps|party|report|server|wire)(/|$)",
  message: "The built-in model depends only on lib/protocol, lib/vocabulary and lib/text: it is a provider, not part of the app.",
};
/** What the boundaries leave out: tests and their support may reach inside. */
const PRODUCTION = ["**/*.test.ts", "**/*.test.tsx", "**/testing/**", "lib/ai/offline/corpus/**"];

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: ["lib/db/generated/**", ".next/**", ".data/**", "node_modules/**", "test-results/**", "next-env.d.ts"] },
  { files: ["lib/**/*.{ts,tsx}"], rules: noUpward(LIB_UPWARD) },
  { files: ["lib/**/*.{ts,tsx}"], ignores: ["lib/ai/offline/**", "lib/wire/**", ...PRODUCTION], rules: noUpward(LIB_UPWARD, OFFLINE_DEEP) },
  { files: ["app/**/*.{ts,tsx}"], ignores: PRODUCTION, rules: { "no-restricted-imports": ["error", { patterns: [OFFLINE_DEEP] }] } },
  { files: ["lib/ai/offline/**/*.ts"], ignores: PRODUCTION, rules: noUpward(LIB_UPWARD, OFFLINE_OUT) },
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
