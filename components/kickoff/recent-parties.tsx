"use client";
// The caller's own parties, newest first (GET /api/parties).
import Link from "next/link";
import { useCallback, useEffect, useState } from "react";
import { ApiError, listParties, type PartyListItem } from "../api/client";
import { ModeBadge, StatusBadge } from "../ui/status-badge";
import { TimeAgo } from "../ui/time-ago";

type State = { kind: "loading" } | { kind: "error"; message: string } | { kind: "ready"; parties: PartyListItem[] };

export function RecentParties() {
  const [state, setState] = useState<State>({ kind: "loading" });

  const load = useCallback(async () => {
    try {
      setState({ kind: "ready", parties: await listParties() });
    } catch (e) {
      setState({ kind: "error", message: e instanceof ApiError ? e.message : "Could not load your parties." });
    }
  }, []);

  useEffect(() => {
    let alive = true;
    listParties()
      .then((parties) => alive && setState({ kind: "ready", parties }))
      .catch((e: unknown) => alive && setState({ kind: "error", message: e instanceof ApiError ? e.message : "Could not load your parties." }));
    return () => {
      alive = false;
    };
  }, []);

  return (
    <section aria-labelledby="recent-heading" data-testid="recent-parties" aria-busy={state.kind === "loading"}>
      <h2 id="recent-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
        Your recent kickoffs
      </h2>
      {state.kind === "loading" && (
        <ul className="mt-3 space-y-2" aria-label="Loading your kickoffs" data-testid="recent-loading">
          {[0, 1, 2].map((i) => (
            <li key={i} className="h-16 animate-pulse rounded-lg bg-slate-200/70" />
          ))}
        </ul>
      )}
      {state.kind === "error" && (
        <div role="alert" className="mt-3 rounded-lg border border-rose-200 bg-rose-50 p-3 text-sm text-rose-800">
          {state.message}{" "}
          <button type="button" onClick={() => void load()} className="font-medium underline">
            Try again
          </button>
        </div>
      )}
      {state.kind === "ready" && state.parties.length === 0 && (
        <div data-testid="recent-empty" className="mt-3 rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
          <p className="font-medium text-slate-800">No kickoffs yet</p>
          <p className="mt-1">Describe a project to start your first party. It will show up here.</p>
        </div>
      )}
      {state.kind === "ready" && state.parties.length > 0 && (
        <ul className="mt-3 space-y-2">
          {state.parties.map((p) => (
            <li key={p.id}>
              <Link
                href={`/parties/${encodeURIComponent(p.id)}`}
                data-testid="recent-party"
                data-party-id={p.id}
                className="block rounded-lg border border-slate-200 bg-white p-3 shadow-sm transition hover:border-indigo-300 hover:shadow"
              >
                <span className="flex items-start justify-between gap-2">
                  <span className="line-clamp-2 min-w-0 break-words font-medium text-slate-900" title={p.title || undefined}>
                    {p.title || "Untitled kickoff"}
                  </span>
                  <StatusBadge status={p.status} />
                </span>
                <span className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-500">
                  <ModeBadge mode={p.mode} />
                  <TimeAgo iso={p.createdAt} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
