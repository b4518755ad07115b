// What a bench row is: a measurement that runs in its own Node process, its deadline, and
// the table lines it reports (measured value, goal, pass/miss). A new row is one file
// exporting a `defineRow({...})` plus one line in rows.ts (docs/benchmarks.md says how).
import type { Row } from "./report";

export interface BenchOptions {
  quick: boolean;
  /** Parties for the concurrency row (default 100, quick 5). */
  parties?: number;
  /** Viewers for the fan-out row (default 200). */
  viewers?: number;
  /** A PostgreSQL server the rows may create throwaway databases on, or null to skip those parts. */
  pgUrl: string | null;
  /** Rows that can run on in-memory PGlite do (default). */
  pglite: boolean;
  /** The production build (`npm run build`), for rows that need one. */
  nextDir: string;
  log: (m: string) => void;
}

export interface BenchRow<R = unknown> {
  /** What `--only=` names it by, and its key in the JSON. */
  id: string;
  /** One line for the log when it starts. */
  title(o: BenchOptions): string;
  /** Past this the row's process is killed and the row reported as an error: a row never waits forever. */
  deadlineMs(o: BenchOptions): number;
  /** Runs in the row's own process; the result must survive JSON (it comes back through a file). */
  run(o: BenchOptions): Promise<R>;
  /** The table lines for a result. */
  table(r: R, o: BenchOptions): Row[];
}

export function defineRow<R>(row: BenchRow<R>): BenchRow<R> {
  return row;
}

export const DEFAULT_PG = "postgresql://postgres@127.0.0.1:5432/postgres";
