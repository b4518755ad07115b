import type { Ref } from "react";
import { MODE_NAMES, phaseLabel, phasesOf, type Mode, type PhaseStatus } from "@/lib/vocabulary";
import type { PhaseView } from "../view/types";

const STATUS_TEXT: Record<PhaseStatus, string> = {
  pending: "Pending",
  in_progress: "In progress",
  completed: "Done",
  failed: "Failed",
  cancelled: "Cancelled",
};

function Marker({ phase, mode }: { phase: PhaseView; mode: Mode | null }) {
  const label = phaseLabel(mode, phase.number);
  const base = "grid size-8 shrink-0 place-items-center rounded-full text-xs font-bold";
  switch (phase.status) {
    case "completed":
      return (
        <span aria-hidden className={`${base} bg-emerald-700 text-white`}>
          ✓
        </span>
      );
    case "in_progress":
      return (
        <span aria-hidden className={`${base} bg-indigo-600 text-white ring-4 ring-indigo-200`}>
          {label}
        </span>
      );
    case "failed":
      return (
        <span aria-hidden className={`${base} bg-rose-700 text-white`}>
          ✕
        </span>
      );
    case "cancelled":
      return (
        <span aria-hidden className={`${base} bg-slate-500 text-white`}>
          –
        </span>
      );
    default:
      return (
        <span aria-hidden className={`${base} border border-slate-300 bg-white text-slate-500`}>
          {label}
        </span>
      );
  }
}

/** `ref` is the section, for the next steps' "show status" to scroll to. */
export function PhaseTimeline({ phases, mode, currentPhase, abandoned, ref }: { phases: PhaseView[]; mode: Mode | null; currentPhase: number | null; abandoned: PhaseView[]; ref?: Ref<HTMLElement> }) {
  const done = phases.filter((p) => p.status === "completed").length;
  const pct = phases.length ? Math.round((done / phases.length) * 100) : 0;
  return (
    <section ref={ref} aria-labelledby="timeline-heading" data-testid="phase-timeline" data-mode={mode ?? ""} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="timeline-heading" className="text-sm font-semibold text-slate-800">
          {mode ? `${MODE_NAMES[mode]} — ${phasesOf(mode).length} phases` : "Phases"}
        </h2>
        {phases.length > 0 && (
          <span className="text-xs text-slate-500" data-testid="phase-progress-text">
            {done} of {phases.length} complete
          </span>
        )}
      </div>
      {phases.length > 0 ? (
        <>
          <div
            role="progressbar"
            aria-label="Overall progress"
            aria-valuemin={0}
            aria-valuemax={phases.length}
            aria-valuenow={done}
            aria-valuetext={`${done} of ${phases.length} phases complete`}
            className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-100"
          >
            <div className="h-full rounded-full bg-indigo-600 transition-all duration-500" style={{ width: `${pct}%` }} />
          </div>
          <ol className="mt-4 flex flex-col gap-3 sm:grid sm:auto-cols-fr sm:grid-flow-col sm:gap-2">
            {phases.map((p) => {
              const current = p.number === currentPhase && p.status === "in_progress";
              return (
                <li
                  key={p.number}
                  data-testid="phase"
                  data-phase={p.number}
                  data-status={p.status}
                  aria-current={current ? "step" : undefined}
                  className={`flex min-w-0 items-start gap-2 rounded-lg p-2 sm:flex-col sm:items-center sm:text-center ${current ? "bg-indigo-50" : ""}`}
                >
                  <Marker phase={p} mode={mode} />
                  <span className="min-w-0">
                    <span className="block text-sm font-medium leading-tight text-slate-900">{p.name}</span>
                    {/* slate-600: the current phase sits on indigo-50, where slate-500 falls short of 4.5:1. */}
                    <span className="block text-xs text-slate-600">
                      {STATUS_TEXT[p.status]}
                      {current && p.activeForm ? ` — ${p.activeForm}` : ""}
                      {p.attempts > 1 ? ` (attempt ${p.attempts})` : ""}
                    </span>
                    {p.maxMessages > 0 && p.status !== "pending" && (
                      <span className="block text-xs tabular-nums text-slate-600">
                        {p.messages}/{p.maxMessages} messages
                      </span>
                    )}
                  </span>
                </li>
              );
            })}
          </ol>
        </>
      ) : (
        <p className="mt-2 text-sm text-slate-500">The phases appear once the mode is chosen.</p>
      )}
      {abandoned.length > 0 && (
        <details className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="fallback-note">
          <summary className="cursor-pointer font-medium">
            {MODE_NAMES.party} fell back to {MODE_NAMES.classic}
          </summary>
          <ul className="mt-2 space-y-0.5">
            {abandoned.map((p) => (
              <li key={p.number}>
                {phaseLabel("party", p.number)} {p.name}: {STATUS_TEXT[p.status].toLowerCase()}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
