import type { PhaseView } from "../view/types";

/** A phase's debate is bounded (docs/protocols.md): the gauge shows messages used of the budget. */
export function BudgetGauge({ phase }: { phase: PhaseView | null }) {
  if (!phase) return null;
  const max = phase.maxMessages;
  const used = phase.messages;
  const pct = max > 0 ? Math.min(100, Math.round((used / max) * 100)) : 0;
  const tone = pct >= 100 ? "bg-rose-500" : pct >= 80 ? "bg-amber-500" : "bg-indigo-600";
  return (
    <section aria-labelledby="budget-heading" data-testid="budget-gauge" data-used={used} data-max={max} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="budget-heading" className="text-sm font-semibold text-slate-800">
          Message budget
        </h2>
        <span className="text-sm tabular-nums text-slate-700" data-testid="budget-text">
          {max > 0 ? `${used} / ${max}` : `${used}`}
        </span>
      </div>
      {max > 0 ? (
        <>
          <div
            role="meter"
            aria-label={`Messages used in ${phase.name}`}
            aria-valuemin={0}
            aria-valuemax={max}
            aria-valuenow={Math.min(used, max)}
            aria-valuetext={`${used} of ${max} messages`}
            className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
          >
            <div className={`h-full rounded-full transition-all duration-300 ${tone}`} style={{ width: `${pct}%` }} />
          </div>
          <p className="mt-1 text-xs text-slate-500">
            {phase.name}: at most {max} agent messages, then the debate is cut off and final positions are due.
          </p>
        </>
      ) : (
        <p className="mt-1 text-xs text-slate-500">{phase.name} has no debate budget.</p>
      )}
    </section>
  );
}
