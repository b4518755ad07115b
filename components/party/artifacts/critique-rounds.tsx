// How a critique round (docs/protocols.md, "Critique rounds") reads: ratings per perspective ("Security 4/5"), the
// divergence severity and the verdict as badges whose text carries the meaning (colour
// only repeats it), the action items, and the way to its discussion record. Every string
// here comes from agents: it is rendered as text, never as markup.
import { clampRating, recommendationLabel, severityLevel, verdictLabel, type SeverityLevel } from "./critique-perspectives";
import type { CritiqueRoundView } from "../view/types";
import { partyPhase } from "@/lib/vocabulary";

const SEVERITY: Record<SeverityLevel, { icon: string; className: string }> = {
  HIGH: { icon: "▲", className: "bg-rose-50 text-rose-800 ring-rose-300" },
  MEDIUM: { icon: "◆", className: "bg-amber-50 text-amber-900 ring-amber-300" },
  LOW: { icon: "●", className: "bg-sky-50 text-sky-800 ring-sky-200" },
  NONE: { icon: "○", className: "bg-slate-50 text-slate-700 ring-slate-200" },
};

export function SeverityBadge({ severity }: { severity: string }) {
  const level = severityLevel(severity);
  const s = SEVERITY[level];
  return (
    <span data-testid="critique-severity" data-severity={level} className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-[11px] font-semibold ring-1 ring-inset ${s.className}`}>
      <span aria-hidden>{s.icon}</span>
      <span className="font-normal">Divergence:</span> {level}
    </span>
  );
}

export function VerdictBadge({ verdict }: { verdict: string }) {
  const reached = verdict === "consensus_reached";
  return (
    <span
      data-testid="critique-verdict"
      data-verdict={verdict}
      className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-[11px] font-semibold ring-1 ring-inset ${reached ? "bg-emerald-50 text-emerald-800 ring-emerald-200" : "bg-rose-50 text-rose-800 ring-rose-200"}`}
    >
      <span aria-hidden>{reached ? "✓" : "✕"}</span>
      {verdictLabel(verdict)}
    </span>
  );
}

/** "blueprint-data-model" → the automatic review; "critique-4-…" → one asked for by the person. */
export function roundLabel(roundId: string): string {
  if (roundId.startsWith("blueprint-")) return `${partyPhase(3).name} review`;
  if (roundId.startsWith("critique-")) return "On-demand critique";
  return "Critique";
}

function clock(at: string | null): string {
  if (!at) return "";
  const d = new Date(at);
  return Number.isNaN(d.getTime()) ? "" : d.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
}

function Rating({ name, rating, source }: { name: string; rating: number; source: string }) {
  const n = clampRating(rating);
  const note = source === "fallback" ? " (fallback model)" : source === "direct-reading" ? " (direct reading)" : "";
  return (
    <li data-testid="critique-rating" data-perspective={name} data-rating={n} className="flex items-center justify-between gap-3 py-1">
      <span className="min-w-0 break-words text-slate-800">
        {name}
        {note && <span className="text-xs text-slate-500">{note}</span>}
      </span>
      <span className="flex shrink-0 items-center gap-2">
        <span aria-hidden className="flex gap-0.5">
          {[1, 2, 3, 4, 5].map((i) => (
            <span key={i} className={`size-2 rounded-full ${i <= n ? (n <= 2 ? "bg-rose-500" : n === 3 ? "bg-amber-500" : "bg-emerald-500") : "bg-slate-200"}`} />
          ))}
        </span>
        <span className="w-8 text-right font-mono text-xs tabular-nums text-slate-900" data-testid="critique-rating-value">
          {n}/5
        </span>
      </span>
    </li>
  );
}

export interface CritiqueRoundProps {
  round: CritiqueRoundView;
  /** Opens the discussion record; absent when the record is not (yet) among the artifacts. */
  onOpenRecord?: (path: string) => void;
  /** "Revise with these action items": present when the person may ask for a revision. */
  onRevise?: (actionItems: string[]) => void;
}

export function CritiqueRound({ round, onOpenRecord, onRevise }: CritiqueRoundProps) {
  const rec = recommendationLabel(round.recommendation);
  const avg = Number.isFinite(round.averageRating) ? round.averageRating.toFixed(1) : "–";
  return (
    <li data-testid="critique-round" data-round-id={round.roundId} data-verdict={round.verdict} data-severity={severityLevel(round.severity)} className="rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-center gap-2">
        <h5 className="text-sm font-semibold text-slate-900">{roundLabel(round.roundId)}</h5>
        <span className="font-mono text-[11px] text-slate-500">{round.roundId}</span>
        {round.at && <span className="ml-auto text-xs tabular-nums text-slate-500">{clock(round.at)}</span>}
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <VerdictBadge verdict={round.verdict} />
        <SeverityBadge severity={round.severity} />
        <span className="text-xs text-slate-600" data-testid="critique-average">
          Average {avg}/5
        </span>
        {rec && round.verdict !== "consensus_reached" && <span className="text-xs text-slate-600">· Recommendation: {rec}</span>}
      </div>
      <ul className="mt-2 divide-y divide-slate-100 text-sm" aria-label={`Ratings, ${roundLabel(round.roundId)} ${round.roundId}`} data-testid="critique-ratings">
        {round.ratings.map((r, i) => (
          <Rating key={`${r.name}-${i}`} {...r} />
        ))}
      </ul>
      {round.actionItems.length > 0 && (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer text-xs font-medium text-slate-600">Action items ({round.actionItems.length})</summary>
          <ol className="mt-1 list-decimal space-y-1 pl-5 text-slate-700">
            {round.actionItems.map((a, i) => (
              <li key={i} className="break-words">
                {a}
              </li>
            ))}
          </ol>
        </details>
      )}
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs">
        {onRevise && round.actionItems.length > 0 && (
          <button type="button" onClick={() => onRevise(round.actionItems)} data-testid="revise-with-actions" className="rounded-md border border-indigo-300 bg-indigo-50 px-2 py-1 font-medium text-indigo-800 hover:bg-indigo-100">
            Revise with these action items
          </button>
        )}
        {onOpenRecord ? (
          <button type="button" onClick={() => onOpenRecord(round.recordPath)} data-testid="critique-record" className="font-medium text-indigo-700 underline-offset-2 hover:underline">
            Open the discussion record<span className="sr-only"> {round.recordPath}</span>
          </button>
        ) : (
          <span className="text-slate-500">
            Discussion record: <span className="font-mono">{round.recordPath}</span>
          </span>
        )}
      </div>
    </li>
  );
}

/** One line for the conversation feed. */
export function CritiqueSummaryLine({ round, onOpen }: { round: CritiqueRoundView; onOpen?: (path: string) => void }) {
  const ratings = round.ratings.map((r) => `${r.name} ${clampRating(r.rating)}/5`).join(" · ");
  return (
    <div data-testid="feed-critique" data-round-id={round.roundId} data-severity={severityLevel(round.severity)} className="rounded-lg border border-violet-200 bg-violet-50/50 px-3 py-2 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-violet-950">
          {roundLabel(round.roundId)} of <span className="break-all font-mono text-xs">{round.artifactPath}</span>
        </span>
        <VerdictBadge verdict={round.verdict} />
        <SeverityBadge severity={round.severity} />
      </div>
      <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-700">
        <span>{ratings || "No ratings"}</span>
        {onOpen && (
          <button type="button" onClick={() => onOpen(round.artifactPath)} className="font-medium text-indigo-700 underline-offset-2 hover:underline">
            Show in artifacts<span className="sr-only"> ({round.artifactPath})</span>
          </button>
        )}
      </div>
    </div>
  );
}
