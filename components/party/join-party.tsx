"use client";
// The owner link's confirmation: says what opening it does and makes this browser an
// owner only when the person confirms (POST /api/parties/:id/owners from this page).
import Link from "next/link";
import { useState } from "react";
import { ApiError, claimOwnerLink } from "../api/client";

export function JoinParty({ id, token }: { id: string; token: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      window.location.assign((await claimOwnerLink(id, token)).url);
    } catch (e) {
      setError(e instanceof ApiError && e.status === 404 ? "This link no longer works: ask for a new one." : e instanceof ApiError ? e.message : "Could not continue. Please try again.");
      setBusy(false);
    }
  };
  return (
    <section className="mx-auto max-w-xl space-y-4" aria-labelledby="join-title" data-testid="join-party">
      <h1 id="join-title" className="text-2xl font-semibold tracking-tight text-slate-900">
        Continue this party on this device?
      </h1>
      <p className="text-slate-600">
        You opened a party&apos;s owner link. Continuing makes this browser one of the party&apos;s owners: it can answer the team, steer, revise
        and cancel. Only continue if you asked for this link yourself.
      </p>
      <div className="flex flex-wrap gap-3">
        <button type="button" disabled={busy || !token} onClick={() => void confirm()} data-testid="join-confirm" className="rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700 disabled:opacity-60">
          {busy ? "Continuing…" : "Continue as an owner"}
        </button>
        <Link href="/" className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50">
          Not now
        </Link>
      </div>
      {error && (
        <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800">
          {error}
        </p>
      )}
    </section>
  );
}
