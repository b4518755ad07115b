"use client";
// Owner actions in the dashboard header: copy (or renew) the watch link, continue on another device,
// cancel (with a confirm dialog), and replay a finished party.
import { useRef, useState } from "react";
import { ApiError, cancelParty, rotateOwnerLink, rotateWatchLink } from "../../api/client";
import type { Replay } from "../hooks/use-replay";

/** A link to hand to someone else: shown in full, selected on focus, one click to copy. */
function CopyLink({ id, label, url, testId }: { id: string; label: string; url: string; testId: string }) {
  // Only rendered on the client (the summary is fetched in the browser), so window exists.
  const absolute = url.startsWith("/") && typeof window !== "undefined" ? `${window.location.origin}${url}` : url;
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  const input = useRef<HTMLInputElement>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(absolute);
      setCopied("copied");
    } catch {
      // No clipboard permission: select the text so Ctrl+C works.
      input.current?.select();
      setCopied("failed");
    }
    setTimeout(() => setCopied("idle"), 2500);
  };

  return (
    <div className="flex w-full min-w-0 items-center gap-2 sm:w-auto" data-testid={testId}>
      <label htmlFor={id} className="shrink-0 text-xs font-medium text-slate-600">
        {label}
      </label>
      <input
        id={id}
        ref={input}
        readOnly
        value={absolute}
        data-testid={`${testId.replace(/-link$/, "")}-url`}
        onFocus={(e) => e.currentTarget.select()}
        className="min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-2 py-1 font-mono text-xs text-slate-700 sm:w-56"
      />
      <button
        type="button"
        onClick={() => void copy()}
        data-testid={`copy-${testId}`}
        className="shrink-0 rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50"
      >
        {copied === "copied" ? "Copied ✓" : "Copy"}
      </button>
      <span role="status" className="sr-only">
        {copied === "copied" ? `${label} copied` : copied === "failed" ? "Copy failed: the link is selected, press Ctrl+C" : ""}
      </span>
    </div>
  );
}

/** A "New link" button: calls `make`, then says what happened (the old link is dead). */
function useRotation(make: () => Promise<string>, done: string) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const rotate = async (set: (url: string) => void) => {
    setBusy(true);
    setMessage(null);
    try {
      set(await make());
      setMessage(done);
    } catch (e) {
      setMessage(e instanceof ApiError ? e.message : "Could not make a new link. Please try again.");
    } finally {
      setBusy(false);
    }
  };
  return { busy, message, rotate };
}

const ROTATE_BUTTON = "rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60";

/**
 * The read-only watch link. The party's creator can replace it: whoever watches through
 * the old one is shut out at once. Null `watchUrl`: a link made before links were stored
 * hashed, which cannot be shown again (a new one can).
 */
export function WatchLink({ partyId, watchUrl, canRotate }: { partyId: string; watchUrl: string | null; canRotate: boolean }) {
  const [url, setUrl] = useState(watchUrl);
  const { busy, message, rotate } = useRotation(async () => (await rotateWatchLink(partyId)).watchUrl, "New watch link made: the old one no longer works.");
  if (!url && !canRotate) return null;
  return (
    <div className="flex w-full min-w-0 flex-wrap items-center gap-2 sm:w-auto">
      {url ? <CopyLink id="watch-url" label="Watch link" url={url} testId="watch-link" /> : <span className="text-xs text-slate-600">Watch link: make a new one to share it.</span>}
      {canRotate && (
        <button type="button" disabled={busy} onClick={() => void rotate(setUrl)} data-testid="rotate-watch-link" className={ROTATE_BUTTON}>
          {busy ? "Making a new link…" : url ? "New watch link" : "Make a watch link"}
        </button>
      )}
      <p role="status" className="text-xs text-slate-600">
        {message}
      </p>
    </div>
  );
}

/**
 * "Continue on another device": the owner link makes another browser an owner of this
 * party (after it confirms). Only the browser that started the party makes a new link,
 * which revokes the old one and the browsers it let in.
 */
export function OwnerLink({ partyId, ownerUrl, canRotate }: { partyId: string; ownerUrl: string | null; canRotate: boolean }) {
  const [url, setUrl] = useState(ownerUrl);
  const { busy, message, rotate } = useRotation(async () => (await rotateOwnerLink(partyId)).ownerUrl, "New link made: the old one no longer works, and browsers it let in lost access.");
  if (!url && !canRotate) return null;
  return (
    <details className="text-sm text-slate-700" data-testid="owner-link-panel">
      <summary className="cursor-pointer text-xs font-medium text-slate-600">Continue on another device</summary>
      <div className="mt-2 space-y-2">
        <p className="text-xs text-slate-600">Open this secret link in another browser or on your phone to answer, steer and revise from there. Unlike the watch link, it gives full control — share it with nobody else.</p>
        <div className="flex flex-wrap items-center gap-2">
          {url ? <CopyLink id="owner-url" label="Owner link" url={url} testId="owner-link" /> : <span className="text-xs text-slate-600">Make a new link to continue on another device.</span>}
          {canRotate && (
            <button type="button" disabled={busy} onClick={() => void rotate(setUrl)} data-testid="rotate-owner-link" className={ROTATE_BUTTON}>
              {busy ? "Making a new link…" : url ? "New link (revokes this one)" : "Make a link"}
            </button>
          )}
        </div>
        <p role="status" className="text-xs text-slate-600">
          {message}
        </p>
      </div>
    </details>
  );
}

export function CancelButton({ partyId }: { partyId: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sending = useRef(false);

  const confirm = async () => {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setError(null);
    try {
      await cancelParty(partyId);
      dialog.current?.close();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : "Could not cancel. Please try again.");
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        data-testid="cancel-party"
        onClick={() => {
          setError(null);
          dialog.current?.showModal();
        }}
        className="rounded-lg border border-rose-300 bg-white px-3 py-1.5 text-sm font-medium text-rose-700 hover:bg-rose-50"
      >
        Cancel party
      </button>
      <dialog
        ref={dialog}
        aria-labelledby="cancel-title"
        aria-describedby="cancel-desc"
        data-testid="cancel-dialog"
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl p-0 shadow-xl backdrop:bg-slate-900/40"
      >
        <div className="p-5">
          <h2 id="cancel-title" className="text-lg font-semibold text-slate-900">
            Cancel this party?
          </h2>
          <p id="cancel-desc" className="mt-2 text-sm text-slate-600">
            The team stops and is shut down. Artifacts written so far stay downloadable. This cannot be undone.
          </p>
          {error && (
            <p role="alert" className="mt-3 rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800">
              {error}
            </p>
          )}
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <button
              type="button"
              autoFocus
              onClick={() => dialog.current?.close()}
              className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
            >
              Keep going
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => void confirm()}
              data-testid="confirm-cancel"
              className="rounded-lg bg-rose-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-rose-700 disabled:opacity-60"
            >
              {busy ? "Cancelling…" : "Yes, cancel the party"}
            </button>
          </div>
        </div>
      </dialog>
    </>
  );
}

const SPEEDS = [1, 2, 4, 8, 16];

export function ReplayControls({ replay }: { replay: Replay }) {
  if (!replay.active) {
    return (
      <button
        type="button"
        data-testid="replay-start"
        onClick={replay.start}
        className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
      >
        <span aria-hidden>▶ </span>Replay
      </button>
    );
  }
  const pct = Math.round(replay.progress * 100);
  return (
    <div className="flex w-full flex-wrap items-center gap-2 rounded-lg border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm" data-testid="replay-controls" role="group" aria-label="Replay">
      <span className="font-medium text-indigo-900">Replay</span>
      {replay.playing ? (
        <button type="button" onClick={replay.pause} data-testid="replay-pause" className="rounded-md bg-white px-2.5 py-1 font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50">
          Pause
        </button>
      ) : (
        <button
          type="button"
          onClick={replay.progress >= 1 ? replay.start : replay.resume}
          data-testid="replay-resume"
          className="rounded-md bg-white px-2.5 py-1 font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
        >
          {replay.progress >= 1 ? "Play again" : "Play"}
        </button>
      )}
      <label className="flex items-center gap-1 text-slate-700">
        Speed
        <select value={replay.speed} onChange={(e) => replay.setSpeed(Number(e.target.value))} className="rounded-md border border-slate-300 bg-white px-1.5 py-1 text-sm" data-testid="replay-speed">
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {s}×
            </option>
          ))}
        </select>
      </label>
      <div
        role="progressbar"
        aria-label="Replay progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        className="h-1.5 min-w-24 flex-1 overflow-hidden rounded-full bg-indigo-100"
        data-testid="replay-progress"
      >
        <div className="h-full bg-indigo-600" style={{ width: `${pct}%` }} />
      </div>
      <button type="button" onClick={replay.end} data-testid="replay-end" className="rounded-md bg-indigo-600 px-2.5 py-1 font-medium text-white hover:bg-indigo-700">
        Jump to end
      </button>
    </div>
  );
}
