import Link from "next/link";
import { modelLabel } from "@/lib/ai/model-spec";
import { Avatar } from "../../ui/avatar";
import type { AgentStatus, AgentView } from "../view/types";

const STATUS: Record<AgentStatus, { label: string; className: string; dot: string }> = {
  thinking: { label: "Thinking", className: "bg-amber-50 text-amber-800", dot: "bg-amber-500 animate-pulse" },
  speaking: { label: "Speaking", className: "bg-indigo-50 text-indigo-700", dot: "bg-indigo-500 animate-pulse" },
  idle: { label: "Idle", className: "bg-slate-100 text-slate-600", dot: "bg-slate-400" },
  failed: { label: "Failed", className: "bg-rose-50 text-rose-700", dot: "bg-rose-500" },
  shutdown: { label: "Shut down", className: "bg-slate-100 text-slate-600", dot: "bg-slate-300" },
};

/** `waiting`: the party waits for the person's answer, so nobody idle is "idle" — they wait for you. */
const WAITING = { label: "Waiting for you", className: "bg-amber-50 text-amber-800", dot: "bg-amber-500" };
/** After the end the whole team is shown: everyone who took part has done their part. */
const DONE = { label: "Done", className: "bg-emerald-50 text-emerald-800", dot: "bg-emerald-500" };

export function TeamCards({
  agents,
  phaseName,
  finished = false,
  waiting = false,
  builtinModel = false,
}: {
  agents: AgentView[];
  phaseName: string | null;
  finished?: boolean;
  waiting?: boolean;
  /** Some of the party runs on the built-in demo model: say so, and where to connect a real one. */
  builtinModel?: boolean;
}) {
  return (
    <section aria-labelledby="team-heading" data-testid="team" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="team-heading" className="text-sm font-semibold text-slate-800">
        Team{phaseName ? <span className="font-normal text-slate-500"> · {phaseName}</span> : null}
      </h2>
      {agents.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">
          {finished
            ? "The party is over and the team has been shut down."
            : waiting
              ? "Waiting for your answer."
              : phaseName
                ? "No specialists on this step — the orchestrator is working."
                : "The team joins once the first phase starts."}
        </p>
      ) : (
        <ul className="mt-3 space-y-2">
          {agents.map((a) => {
            const s = finished && a.status === "shutdown" ? DONE : waiting && a.status === "idle" ? WAITING : STATUS[a.status];
            return (
              <li
                key={a.agent}
                data-testid="agent-card"
                data-agent={a.agent}
                data-status={a.status}
                className={`flex items-start gap-3 rounded-lg border p-2.5 ${a.status === "shutdown" && !finished ? "border-dashed border-slate-300 bg-slate-50" : "border-slate-100"}`}
              >
                <Avatar id={a.agent} name={a.name} />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
                    <span className="font-medium text-slate-900">{a.name}</span>
                    <span className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-[11px] font-medium ${s.className}`} data-testid="agent-status">
                      <span aria-hidden className={`size-1.5 rounded-full ${s.dot}`} />
                      {s.label}
                      {a.failures > 0 && a.status !== "failed" ? " · retrying" : ""}
                    </span>
                  </div>
                  {a.title && <div className="text-xs text-slate-600">{a.title}</div>}
                  {a.style && <div className="mt-0.5 text-xs italic text-slate-500">{a.style}</div>}
                  {a.model && (
                    <div className="mt-0.5 break-words text-xs text-slate-600" data-testid="agent-model">
                      <span className="sr-only">Model: </span>
                      {modelLabel(a.model)}
                    </div>
                  )}
                  {a.status === "failed" && a.lastError && <div className="mt-1 break-words text-xs text-rose-700">{a.lastError}</div>}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {builtinModel && (
        <p data-testid="builtin-model-notice" className="mt-3 border-t border-slate-100 pt-3 text-xs text-slate-600">
          Written by the built-in demo model —{" "}
          <Link href="/models" className="font-medium text-indigo-700 underline hover:text-indigo-900">
            connect a real model
          </Link>
        </p>
      )}
    </section>
  );
}
