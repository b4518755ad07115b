"use client";
// "Critique this": the owner picks perspectives and starts a critique round on the
// selected artifact (POST /critique). The server runs it only while the team is not
// working (409 otherwise); the result arrives as a critique-result event, so the request
// is "running" from the 202 until that round shows up in the view.
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from "react";
import { ApiError, requestCritique } from "../../api/client";
import { DEFAULT_PERSPECTIVES } from "@/lib/vocabulary";
import { PERSPECTIVE_OPTIONS } from "./critique-perspectives";
import type { PartyView } from "../view/types";

export interface PendingCritique {
  roundId: string;
  artifactPath: string;
  /** Perspective keys, or names when it comes from the log. */
  perspectives: string[];
}

/** Long enough for slow models; after it the button frees itself (the server still says 409 if busy). */
const GIVE_UP_MS = 10 * 60_000;

/**
 * The on-demand critique running on this party, or null. The log says so once the round
 * starts (after a reload, or for a round asked for in another tab); between the 202 and
 * that, the request this browser made stands in for it.
 */
export function useRunningCritique(view: Pick<PartyView, "critiques" | "runningCritiques">): { running: PendingCritique | null; started: (p: PendingCritique) => void } {
  const [pending, setPending] = useState<PendingCritique | null>(null);
  const local = pending && !view.critiques[pending.roundId] ? pending : null;
  useEffect(() => {
    if (!local) return;
    const t = setTimeout(() => setPending((p) => (p === local ? null : p)), GIVE_UP_MS);
    return () => clearTimeout(t);
  }, [local]);
  const logged = Object.values(view.runningCritiques).find((c) => c.onDemand);
  const running = logged ? { roundId: logged.roundId, artifactPath: logged.artifactPath, perspectives: logged.perspectives } : local;
  return { running, started: useCallback((p: PendingCritique) => setPending(p), []) };
}

export interface CritiqueRequestProps {
  partyId: string;
  artifactPath: string;
  /** A critique this browser started that has no result yet (this artifact or another). */
  running: PendingCritique | null;
  /** The team is working: the server will refuse until it waits for the person or ends. */
  teamWorking: boolean;
  onStarted: (p: PendingCritique) => void;
  /** The panel's heading, shown left of the button. */
  children: ReactNode;
}

const nameOf = (keyOrName: string) => PERSPECTIVE_OPTIONS.find((p) => p.key === keyOrName)?.name ?? keyOrName;

export function CritiqueRequest({ partyId, artifactPath, running, teamWorking, onStarted, children }: CritiqueRequestProps) {
  const uid = useId();
  const formId = `${uid}-form`;
  const errorId = `${uid}-error`;
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string[]>(() => [...DEFAULT_PERSPECTIVES]);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const first = useRef<HTMLInputElement>(null);

  const busy = running !== null;
  const mine = running?.artifactPath === artifactPath;

  useEffect(() => {
    if (open) first.current?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    setError(null);
    setFieldError(null);
    toggle.current?.focus();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sendingRef.current || busy) return;
    const perspectives = PERSPECTIVE_OPTIONS.filter((p) => chosen.includes(p.key)).map((p) => p.key);
    if (perspectives.length === 0) {
      setFieldError("Pick at least one perspective.");
      setError(null);
      first.current?.focus();
      return;
    }
    sendingRef.current = true;
    setSending(true);
    setError(null);
    setFieldError(null);
    try {
      const r = await requestCritique(partyId, { artifactPath, perspectives });
      onStarted({ roundId: r.roundId, artifactPath, perspectives });
      setOpen(false);
      // The toggle stays focusable (aria-disabled) and now says the critique is running.
      toggle.current?.focus();
    } catch (err) {
      if (!(err instanceof ApiError)) setError("Could not start the critique. Please try again.");
      else if (err.status === 409) setError(err.message || "The team is still working on this party: ask for a critique when it waits for you or has finished.");
      else {
        const field = Object.entries(err.fields).find(([k]) => k.startsWith("perspectives"));
        if (field) setFieldError(`Perspectives ${field[1]}.`);
        else setError(err.message);
      }
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      close();
    }
  };

  const flip = (key: string, on: boolean) => {
    setChosen((c) => (on ? [...c.filter((k) => k !== key), key] : c.filter((k) => k !== key)));
    if (on) setFieldError(null);
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {children}
        <button
          ref={toggle}
          type="button"
          data-testid="critique-this"
          aria-expanded={open}
          aria-controls={formId}
          aria-disabled={busy || undefined}
          onClick={() => {
            if (busy) return;
            if (open) close();
            else setOpen(true);
          }}
          className={`inline-flex items-center gap-1.5 rounded-lg border px-3 py-1.5 text-sm font-medium ${busy ? "cursor-not-allowed border-slate-200 bg-slate-100 text-slate-600" : "border-indigo-300 bg-white text-indigo-700 hover:bg-indigo-50"}`}
        >
          {busy ? (
            <>
              <span aria-hidden className="size-3 animate-spin rounded-full border-2 border-slate-300 border-t-slate-600" />
              Critique running…
            </>
          ) : (
            "Critique this"
          )}
        </button>
      </div>

      <div role="status" data-testid="critique-pending" data-state={mine ? "running" : busy ? "elsewhere" : "idle"} className={busy ? "rounded-lg border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm text-indigo-900" : "sr-only"}>
        {mine
          ? `Critique running from ${running.perspectives.map(nameOf).join(", ")}. The ratings appear here as soon as the perspectives finish.`
          : busy
            ? `A critique of ${running.artifactPath} is running; one critique at a time.`
            : ""}
      </div>

      {open && (
        <form
          id={formId}
          data-testid="critique-form"
          onSubmit={(e) => void submit(e)}
          onKeyDown={onKeyDown}
          noValidate
          aria-label="Critique this artifact"
          className="space-y-3 rounded-lg border border-slate-200 bg-white p-3"
        >
          <fieldset aria-describedby={fieldError ? errorId : undefined}>
            <legend className="text-sm font-medium text-slate-900">Perspectives</legend>
            <p className="text-xs text-slate-600">Each perspective rates the artifact from 1 to 5 and lists strengths, weaknesses and suggestions.</p>
            <div className="mt-2 grid gap-1.5 sm:grid-cols-2">
              {PERSPECTIVE_OPTIONS.map((p, i) => (
                <label key={p.key} className="flex cursor-pointer items-start gap-2 rounded-md border border-slate-200 px-2.5 py-2 text-sm hover:border-slate-300 has-[:checked]:border-indigo-300 has-[:checked]:bg-indigo-50/60">
                  <input
                    ref={i === 0 ? first : undefined}
                    type="checkbox"
                    name="perspectives"
                    value={p.key}
                    checked={chosen.includes(p.key)}
                    onChange={(e) => flip(p.key, e.target.checked)}
                    data-testid="critique-perspective"
                    data-key={p.key}
                    aria-describedby={`${uid}-${p.key}-focus`}
                    className="mt-0.5 size-4 accent-indigo-600"
                  />
                  <span className="min-w-0">
                    <span className="block font-medium text-slate-900">{p.name}</span>
                    <span id={`${uid}-${p.key}-focus`} className="block text-xs text-slate-600">
                      {p.focus}
                    </span>
                  </span>
                </label>
              ))}
            </div>
            {fieldError && (
              <p id={errorId} role="alert" data-testid="critique-field-error" className="mt-2 text-sm font-medium text-rose-700">
                {fieldError}
              </p>
            )}
          </fieldset>
          {teamWorking && !error && <p className="text-xs text-slate-600">The team is working right now: a critique can start once it waits for you or has finished.</p>}
          {error && (
            <p role="alert" data-testid="critique-error" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800">
              {error}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" onClick={close} className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50">
              Cancel
            </button>
            <button
              type="submit"
              data-testid="critique-submit"
              aria-disabled={sending || undefined}
              className="inline-flex items-center gap-1.5 rounded-lg bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white shadow-sm hover:bg-indigo-700 aria-disabled:cursor-wait aria-disabled:opacity-70"
            >
              {sending && <span aria-hidden className="size-3 animate-spin rounded-full border-2 border-white/40 border-t-white" />}
              {sending ? "Starting…" : `Start critique${chosen.length ? ` (${chosen.length})` : ""}`}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
