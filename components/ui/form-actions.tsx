// What every form in the app ends with: the error banner of a refused submit, and the
// submit button that locks and spins while it sends. One look, one set of test ids per use.

export function ErrorBanner({ message, testId }: { message: string | null; testId: string }) {
  if (!message) return null;
  return (
    <div role="alert" data-testid={testId} className="rounded-lg border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-800">
      {message}
    </div>
  );
}

export interface SubmitButtonProps {
  testId: string;
  busy: boolean;
  disabled?: boolean;
  /** The label while idle, while sending, and after (when there is one). */
  label: string;
  busyLabel: string;
  doneLabel?: string;
  done?: boolean;
  size?: "md" | "lg";
}

export function SubmitButton({ testId, busy, disabled = false, label, busyLabel, doneLabel, done = false, size = "md" }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      disabled={disabled || busy}
      data-testid={testId}
      className={`inline-flex items-center gap-2 rounded-lg bg-indigo-600 font-semibold text-white shadow-sm hover:bg-indigo-700 disabled:opacity-70 ${busy ? "disabled:cursor-wait" : "disabled:cursor-not-allowed"} ${
        size === "lg" ? "px-5 py-2.5" : "px-4 py-2 text-sm"
      }`}
    >
      {busy && <span aria-hidden className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />}
      {busy ? busyLabel : done && doneLabel ? doneLabel : label}
    </button>
  );
}
