// Every port one run of the browser tests listens on, from one base: E2E_PORT (default
// 3210) serves the suite's main server, and each spec's own servers sit at a fixed
// offset above it. A run uses base … base + 99, so two runs whose bases are 100 apart
// never meet (a first start that still finds its port taken moves to a free one:
// ServerProcess.start).
export const BASE_PORT = Number(process.env.E2E_PORT ?? 3210);

const OFFSETS = {
  main: 0,
  a11y: 10,
  screens: 12,
  critique: 13,
  degradation: 14,
  live: 15,
  reload: 16,
  security: 17,
  securityLimits: 19,
  models: 18,
  /** 20 … 49: one port per server, in the order the spec starts them. */
  reliability: 20,
  /** 50 … 59: the crash test's servers (crash.spec.ts). */
  crash: 50,
  /** 60, 61, 62. */
  threeInstances: 60,
  /** 70 … 79, in the order the spec starts them. */
  steering: 70,
  walkthrough: 80,
  walkthroughSlow: 81,
} as const;

/** The port `name` uses in this run (`i`: the i-th of a block). */
export function portOf(name: keyof typeof OFFSETS, i = 0): number {
  return BASE_PORT + OFFSETS[name] + i;
}
