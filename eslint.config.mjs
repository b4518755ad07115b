import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// Layers point one way (docs/architecture.md): app → components → lib. Enforced here so a wrong
// import fails CI instead of a review.
const noUpward = (groups) => ({ "no-restricted-imports": ["error", { patterns: [{ group: groups, message: "Dependencies point app → components → lib, never back." }] }] });

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: ["lib/db/generated/**", ".next/**", ".data/**", "node_modules/**", "test-results/**", "next-env.d.ts"] },
  { files: ["lib/**/*.{ts,tsx}"], rules: noUpward(["@/app/*", "@/components/*", "**/app/*", "**/components/*"]) },
  { files: ["components/**/*.{ts,tsx}"], rules: noUpward(["@/app/*", "**/app/*", "@/lib/db/*", "**/lib/db/*"]) },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
];

export default config;
