// A small table of figures: a caption for screen readers, column headers, one header cell
// per row (its name) and right-aligned numbers. The usage panel's per-agent and per-phase
// tables are both this.
import type { ReactNode } from "react";

export interface StatRow {
  key: string;
  label: ReactNode;
  values: ReactNode[];
  /** data-* attributes for the row (tests, styling hooks). */
  data?: Record<`data-${string}`, string | boolean>;
}

export function StatTable({ caption, columns, rows, testId, className = "" }: { caption: string; columns: string[]; rows: StatRow[]; testId?: string; className?: string }) {
  const [first, ...rest] = columns;
  return (
    <table className={`w-full text-xs ${className}`} data-testid={testId}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="text-left text-slate-600">
          <th scope="col" className="py-1 font-medium">
            {first}
          </th>
          {rest.map((c) => (
            <th key={c} scope="col" className="py-1 text-right font-medium">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="tabular-nums">
        {rows.map((r) => (
          <tr key={r.key} className="border-t border-slate-100" {...r.data}>
            <th scope="row" className="py-1 text-left font-normal text-slate-800">
              {r.label}
            </th>
            {r.values.map((v, i) => (
              <td key={i} className="py-1 text-right">
                {v}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
