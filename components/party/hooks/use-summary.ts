"use client";
import { useCallback, useEffect, useState } from "react";
import { ApiError, getParty, type PartySummary } from "../../api/client";

export type SummaryState = { kind: "loading" } | { kind: "error"; status: number; message: string } | { kind: "ready"; summary: PartySummary };

/** GET /api/parties/:id — who may do what (readOnly, watchUrl) and the totals. */
export function useSummary(id: string, watch: string | null): { state: SummaryState; refresh: () => void } {
  const [state, setState] = useState<SummaryState>({ kind: "loading" });
  const [nonce, setNonce] = useState(0);

  useEffect(() => {
    let alive = true;
    getParty(id, watch)
      .then((summary) => alive && setState({ kind: "ready", summary }))
      .catch((e: unknown) => {
        if (!alive) return;
        // Keep showing what we had when a refresh fails.
        setState((prev) =>
          prev.kind === "ready" && !(e instanceof ApiError && e.status === 404)
            ? prev
            : { kind: "error", status: e instanceof ApiError ? e.status : 0, message: e instanceof ApiError ? e.message : "Could not load this party." },
        );
      });
    return () => {
      alive = false;
    };
  }, [id, watch, nonce]);

  return { state, refresh: useCallback(() => setNonce((n) => n + 1), []) };
}
