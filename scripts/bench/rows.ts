// Every bench row, in the order the table shows them. A row is one file exporting a
// `defineRow({...})` (row.ts); register it here with one line.
import { capacityRow } from "./capacity-row";
import { concurrencyRow } from "./concurrency";
import { fanoutRow } from "./fanout";
import { lighthouseRow } from "./lighthouse";
import { pageWeightRow } from "./page-weight";
import { parallelRow } from "./parallel";
import { promptTokensRow } from "./prompt-tokens";
import { reloadRow } from "./reload";
import type { BenchRow } from "./row";
import { threeInstancesRow } from "./three-instances";
import { tokenCostRow } from "./token-cost";

export const ROWS: ReadonlyArray<BenchRow<unknown>> = [
  parallelRow,
  tokenCostRow,
  fanoutRow,
  concurrencyRow,
  pageWeightRow,
  capacityRow,
  threeInstancesRow,
  promptTokensRow,
  reloadRow,
  lighthouseRow,
];
