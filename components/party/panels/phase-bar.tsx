// The compact bar that stays at the top of the dashboard while the page scrolls: which
// phase (n of N), how far the party is, and what the team is doing this moment. Two short
// lines on a phone; the full list of phases is the timeline further down.
import type { PhaseView } from "../view/types";

export interface PhaseBarProps {
  phases: PhaseView[];
  phase: PhaseView | null;
  now: string;
  waiting: boolean;
  /** While the party waits for the person: takes them to the question. */
  onGoToQuestion?: () => void;
}

export function PhaseBar({ phases, phase, now, waiting, onGoToQuestion }: PhaseBarProps) {
  const done = phases.filter((p) => p.status === "completed").length;
  const total = phases.length;
  const position = phase ? phases.findIndex((p) => p.number === phase.number) + 1 : 0;
  const pct = total ? Math.round((done / total) * 100) : 0;
  return (
    <div
      data-testid="phase-bar"
      data-phase={phase?.number ?? ""}
      className="sticky top-0 z-20 -mx-4 border-b border-slate-200 bg-white/95 px-4 py-2 shadow-sm backdrop-blur sm:mx-0 sm:rounded-xl sm:border"
    >
      <div className="flex items-center gap-3 text-sm">
        <span className="min-w-0 flex-1 truncate text-slate-900">
          {phase && position > 0 ? (
            <>
              <span className="font-semibold">
                Phase {position} of {total}
              </span>
              <span className="text-slate-600"> · </span>
              {phase.name}
            </>
          ) : total ? (
            <span className="font-semibold">
              {done} of {total} phases done
            </span>
          ) : (
            <span className="font-semibold">Getting started</span>
          )}
        </span>
        {total > 0 && (
          <span className="flex shrink-0 items-center gap-2 text-xs tabular-nums text-slate-600">
            <span aria-hidden className="block h-1.5 w-16 overflow-hidden rounded-full bg-slate-200 sm:w-32">
              <span className="block h-full rounded-full bg-indigo-600 transition-all duration-500" style={{ width: `${pct}%` }} />
            </span>
            <span className="sr-only">Progress:</span>
            {done}/{total}
          </span>
        )}
      </div>
      <div className="flex items-center gap-2">
        <p className={`min-w-0 flex-1 truncate text-xs ${waiting ? "font-medium text-amber-800" : "text-slate-600"}`} data-testid="phase-bar-now" title={now}>
          {now}
        </p>
        {waiting && onGoToQuestion && (
          <button type="button" onClick={onGoToQuestion} className="shrink-0 text-xs font-semibold text-indigo-700 underline underline-offset-2 hover:text-indigo-900">
            Answer
          </button>
        )}
      </div>
    </div>
  );
}
