import { NoteLine } from "./message-feed";
import { useState } from "react";
import type { MissingArtifact, NextStepAction } from "@/lib/wire/events";
import { StatTable } from "../../ui/stat-table";
import { agentDisplay } from "../view/agent-display";
import { usageByAgent, usageByPhase, usageTotal } from "../view/selectors";
import type { NextStepsView, NoteView, PartyView } from "../view/types";

const fmt = (n: number) => n.toLocaleString("en-US");
/** Dollars, or a dash where a model's price is unknown; cents show until a dollar, then two decimals. */
const money = (usd: number | null) => (usd === null ? "–" : usd === 0 ? "$0" : usd < 0.01 ? "< $0.01" : `$${usd.toFixed(2)}`);

export function NotesPanel({ notes }: { notes: NoteView[] }) {
  const important = notes.filter((n) => n.kind === "degradation" || n.kind === "warning" || n.kind === "failure");
  if (important.length === 0) return null;
  return (
    <section aria-labelledby="notes-heading" data-testid="notes-panel" className="rounded-xl border border-amber-200 bg-white p-4 shadow-sm">
      <h2 id="notes-heading" className="text-sm font-semibold text-amber-900">
        <span aria-hidden>⚠ </span>Degradation &amp; warnings
      </h2>
      <ul className="mt-2 space-y-2">
        {important.map((n) => (
          <li key={n.id}>
            <NoteLine note={n} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function NextSteps({ blocks, onAction }: { blocks: NextStepsView[]; onAction?: (a: NextStepAction) => void }) {
  if (blocks.length === 0) return null;
  // The latest block is what to do now; earlier ones stay available, folded.
  const latest = blocks[blocks.length - 1];
  const earlier = blocks.slice(0, -1).reverse();
  return (
    <section aria-labelledby="next-heading" data-testid="next-steps" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="next-heading" className="text-sm font-semibold text-slate-800">
        Suggested next steps
      </h2>
      <p className="mt-1 text-xs text-slate-500">{latest.title}</p>
      {onAction && latest.actions.length > 0 ? (
        <>
          <ul className="mt-2 flex flex-col gap-1.5" data-testid="next-step-actions">
            {latest.actions.map((a, i) => (
              <li key={`${a.label}-${i}`}>
                <button
                  type="button"
                  onClick={() => onAction(a)}
                  data-testid="next-step"
                  data-action={a.action}
                  className="w-full rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-left text-sm font-medium text-slate-800 hover:border-indigo-400 hover:bg-indigo-50"
                >
                  {a.label}
                </button>
              </li>
            ))}
          </ul>
          <details className="mt-2 text-xs text-slate-600">
            <summary className="cursor-pointer">As the team wrote it</summary>
            <pre data-testid="next-steps-block" className="mt-1 overflow-x-auto whitespace-pre-wrap break-words rounded-lg bg-slate-100 p-2 font-mono text-[11px] text-slate-800">
              {latest.text}
            </pre>
          </details>
        </>
      ) : (
        <pre data-testid="next-steps-block" className="mt-2 overflow-x-auto whitespace-pre-wrap break-words rounded-lg bg-slate-100 p-3 font-mono text-xs leading-relaxed text-slate-800">
          {latest.text}
        </pre>
      )}
      {earlier.length > 0 && (
        <details className="mt-2 text-xs text-slate-600">
          <summary className="cursor-pointer">Earlier suggestions ({earlier.length})</summary>
          <div className="mt-2 space-y-2">
            {earlier.map((b) => (
              <div key={b.id}>
                <p className="text-slate-500">{b.title}</p>
                <pre data-testid="next-steps-block" className="mt-1 overflow-x-auto whitespace-pre-wrap break-words rounded-lg bg-slate-100 p-2 font-mono text-[11px] text-slate-800">
                  {b.text}
                </pre>
              </div>
            ))}
          </div>
        </details>
      )}
    </section>
  );
}

/** "No silent gaps": each promised artifact a failed agent never wrote, with "Write it now". */
export function MissingArtifacts({
  missing,
  canWrite,
  running,
  failed,
  onWrite,
}: {
  missing: MissingArtifact[];
  canWrite: boolean;
  running: string | null;
  /** Why the last "Write it now" of a path failed, by path. */
  failed: Record<string, string>;
  onWrite: (path: string) => Promise<string | null>;
}) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (missing.length === 0) return null;
  return (
    <section role="alert" aria-label="Missing artifacts" data-testid="missing-artifacts" className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      {missing.map((m) => (
        <div key={m.path} data-testid="missing-artifact" data-path={m.path} className="flex flex-wrap items-center justify-between gap-2">
          <span>
            <strong>{m.reason.replace(/\.$/, "")}.</strong> <span className="font-mono text-xs">{m.path}</span>
          </span>
          {running === m.path ? (
            <span role="status" className="text-xs font-medium">
              Writing it now…
            </span>
          ) : canWrite ? (
            <button
              type="button"
              data-testid="write-missing"
              onClick={() =>
                void onWrite(m.path).then((err) => setErrors((e) => ({ ...e, [m.path]: err ?? "" })))
              }
              className="rounded-lg bg-amber-800 px-3 py-1.5 text-xs font-semibold text-white hover:bg-amber-900"
            >
              Write it now
            </button>
          ) : null}
          {(errors[m.path] || (running !== m.path && failed[m.path])) && (
            <p className="basis-full text-xs text-rose-800" data-testid="write-missing-error">
              {errors[m.path] || `The last attempt failed: ${failed[m.path]}`}
            </p>
          )}
        </div>
      ))}
    </section>
  );
}

export function UsagePanel({ view, tokensUsed }: { view: PartyView; tokensUsed: number | null }) {
  const total = usageTotal(view);
  const agents = usageByAgent(view).sort((a, b) => b.inputTokens + b.outputTokens - (a.inputTokens + a.outputTokens));
  const phases = usageByPhase(view);
  const sum = total.inputTokens + total.outputTokens;
  return (
    <section aria-labelledby="usage-heading" data-testid="usage-panel" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="usage-heading" className="text-sm font-semibold text-slate-800">
          Token usage
        </h2>
        <span className="text-sm tabular-nums text-slate-700" data-testid="usage-total">
          {fmt(Math.max(sum, tokensUsed ?? 0))}
        </span>
      </div>
      {agents.length === 0 ? (
        <p className="mt-1 text-xs text-slate-500">No model calls yet.</p>
      ) : (
        <details className="mt-2" open>
          <summary className="cursor-pointer text-xs text-slate-600">
            {fmt(total.inputTokens)} in · {fmt(total.outputTokens)} out ·{" "}
            <span data-testid="usage-cost">{total.costUsd === null ? "cost unknown (a model without a known price)" : `cost ${money(total.costUsd)}`}</span>
          </summary>
          <StatTable
            className="mt-2"
            testId="usage-by-agent"
            caption="Tokens per agent"
            columns={["Agent", "In", "Out", "Cost"]}
            rows={agents.map((a) => ({ key: a.agent, label: agentDisplay(view, a.agent).name, values: [fmt(a.inputTokens), fmt(a.outputTokens), money(a.costUsd)] }))}
          />
          <StatTable
            className="mt-3"
            testId="usage-by-phase"
            caption="Tokens per phase"
            columns={["Phase", "Tokens", "Cost"]}
            rows={phases.map((p) => ({
              key: `${p.mode}:${p.phase}`,
              label: (
                <>
                  {p.label}
                  {p.abandoned && <span className="text-slate-600"> · party mode, before the fallback</span>}
                </>
              ),
              values: [fmt(p.inputTokens + p.outputTokens), money(p.costUsd)],
              data: { "data-testid": "usage-phase", "data-mode": p.mode ?? "", "data-abandoned": p.abandoned },
            }))}
          />
        </details>
      )}
    </section>
  );
}
