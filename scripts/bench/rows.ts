// Every bench row, in the order the table shows them: its id and the file that defines it
// (a `defineRow({...})`, row.ts). Register a row here with one line. Files are loaded on
// demand: a row's own process loads only its row, not every other row's dependencies
// (Lighthouse, the AI SDK, Prisma), which took seconds per row.
import type { BenchRow } from "./row";

type Loader = () => Promise<BenchRow<unknown>>;

const FILES: ReadonlyArray<readonly [id: string, load: Loader]> = [
  ["1", async () => (await import("./parallel")).parallelRow],
  ["2", async () => (await import("./token-cost")).tokenCostRow],
  ["3", async () => (await import("./fanout")).fanoutRow],
  ["4", async () => (await import("./concurrency")).concurrencyRow],
  ["5", async () => (await import("./page-weight")).pageWeightRow],
  ["6", async () => (await import("./capacity-row")).capacityRow],
  ["7", async () => (await import("./three-instances")).threeInstancesRow],
  ["8", async () => (await import("./prompt-tokens")).promptTokensRow],
  ["reload", async () => (await import("./reload")).reloadRow],
  ["lighthouse", async () => (await import("./lighthouse")).lighthouseRow],
];

export const ROW_IDS: readonly string[] = FILES.map(([id]) => id);

/** The row `id`; throws naming the ids there are. */
export async function loadRow(id: string): Promise<BenchRow<unknown>> {
  const entry = FILES.find(([i]) => i === id);
  if (!entry) throw new Error(`unknown row ${JSON.stringify(id)}: expected one of ${ROW_IDS.join(", ")}`);
  const row = await entry[1]();
  if (row.id !== id) throw new Error(`rows.ts registers ${JSON.stringify(id)} for a row whose id is ${JSON.stringify(row.id)}`);
  return row;
}

/** The rows `ids` (default: every row), in the table's order. */
export function loadRows(ids: readonly string[] = ROW_IDS): Promise<BenchRow<unknown>[]> {
  return Promise.all(ROW_IDS.filter((id) => ids.includes(id)).map(loadRow));
}
