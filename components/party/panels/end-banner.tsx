// The party's last word on the dashboard. A completed party says what is ready and, as
// plainly, what is not: documents whose critique did not pass, documents never written,
// and what the person asked for that no document covers. It follows the documents: a
// revision or a new critique round that closes an open end takes it off the list.
import { endReportOf } from "../view/selectors";
import type { PartyView } from "../view/types";
import { hasOpenEnds } from "@/lib/report/end-report";

export function EndBanner({ view, onArtifacts }: { view: PartyView; onArtifacts?: () => void }) {
  if (!view.end) return null;
  if (view.end.status !== "completed") {
    return (
      <div role="status" data-testid="end-banner" data-status={view.end.status} className="rounded-xl border border-slate-300 bg-slate-100 px-4 py-3 text-slate-800">
        <strong>{view.end.status === "cancelled" ? "This party was cancelled." : "This party failed."}</strong>
        {view.end.reason ? ` ${view.end.reason}` : ""}
      </div>
    );
  }
  const report = endReportOf(view);
  const open = hasOpenEnds(report);
  return (
    <div
      role="status"
      data-testid="end-banner"
      data-status="completed"
      data-open-ends={open ? "true" : "false"}
      className={`space-y-2 rounded-xl border px-4 py-3 ${open ? "border-amber-300 bg-amber-50 text-amber-950" : "border-emerald-200 bg-emerald-50 text-emerald-900"}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span>
          <strong>{open ? "Kickoff complete, with open ends." : "Kickoff complete."}</strong> {view.artifactOrder.length} artifacts are {open ? "written" : "ready"}.
        </span>
        {onArtifacts && (
          <button type="button" onClick={onArtifacts} className={`rounded-lg px-3 py-1.5 text-sm font-semibold text-white ${open ? "bg-amber-800 hover:bg-amber-900" : "bg-emerald-700 hover:bg-emerald-800"}`}>
            View artifacts
          </button>
        )}
      </div>
      {open && (
        <ul className="list-disc space-y-1 pl-5 text-sm">
          {report.weak.map((w) => (
            <li key={w.path} data-testid="end-weak" data-path={w.path}>
              <strong>{w.title}</strong> did not pass its critique ({w.why}): revise it or ask for another round.
            </li>
          ))}
          {report.missing.map((m) => (
            <li key={m.path} data-testid="end-missing" data-path={m.path}>
              <strong>{m.title}</strong> was never written.
            </li>
          ))}
          {report.uncovered.length > 0 && (
            <li data-testid="end-uncovered">
              You asked for {report.uncovered.map((r, i) => (
                <span key={`${r.kind}:${r.name}`}>
                  {i > 0 ? (i === report.uncovered.length - 1 ? " and " : ", ") : ""}
                  <strong title={r.said}>{r.name}</strong>
                </span>
              ))}
              ; no document covers {report.uncovered.length === 1 ? "it" : "them"} yet. Tell the team in the room, or revise the document it belongs in.
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
