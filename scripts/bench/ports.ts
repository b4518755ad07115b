// The ports the bench's own servers listen on, above the browser tests' block of the same
// base (E2E_PORT, tests/support/ports.ts, which uses base … base + 81): a bench and a
// browser run started with the same E2E_PORT never meet, and a run with E2E_PORT=3700
// stays within 3700-3799. In-process servers (rows 3 and 6) take a free port instead.
import { BASE_PORT } from "../../tests/support/ports";

const OFFSETS = { threeInstances: 90, lighthouse: 94, reload: 95 } as const;

/** The port `name` uses in this run (`i`: the i-th of a block; three instances use 90, 91, 92). */
export function benchPort(name: keyof typeof OFFSETS, i = 0): number {
  return BASE_PORT + OFFSETS[name] + i;
}
