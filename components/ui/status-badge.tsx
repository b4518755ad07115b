import { MODE_NAMES, type Mode, type PartyStatus } from "@/lib/vocabulary";

const STYLES: Record<PartyStatus, { label: string; className: string; dot: string }> = {
  pending: { label: "Starting", className: "bg-slate-100 text-slate-700 ring-slate-300", dot: "bg-slate-400" },
  in_progress: { label: "In progress", className: "bg-indigo-50 text-indigo-700 ring-indigo-200", dot: "bg-indigo-500 animate-pulse" },
  awaiting_input: { label: "Waiting for input", className: "bg-amber-50 text-amber-800 ring-amber-300", dot: "bg-amber-500" },
  completed: { label: "Completed", className: "bg-emerald-50 text-emerald-700 ring-emerald-200", dot: "bg-emerald-500" },
  failed: { label: "Failed", className: "bg-rose-50 text-rose-700 ring-rose-200", dot: "bg-rose-500" },
  cancelled: { label: "Cancelled", className: "bg-slate-100 text-slate-600 ring-slate-300", dot: "bg-slate-400" },
};

export function statusLabel(status: PartyStatus): string {
  return STYLES[status]?.label ?? status;
}

export function StatusBadge({ status, className = "" }: { status: PartyStatus; className?: string }) {
  const s = STYLES[status] ?? STYLES.pending;
  return (
    <span
      data-testid="status-badge"
      data-status={status}
      className={`inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${s.className} ${className}`}
    >
      <span aria-hidden className={`size-1.5 rounded-full ${s.dot}`} />
      {s.label}
    </span>
  );
}

export function ModeBadge({ mode }: { mode: Mode | null }) {
  if (!mode) return <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">Mode not chosen</span>;
  return (
    <span
      data-testid="mode-badge"
      data-mode={mode}
      className={`rounded-full px-2 py-0.5 text-xs font-medium ${mode === "party" ? "bg-violet-50 text-violet-700 ring-1 ring-inset ring-violet-200" : "bg-sky-50 text-sky-700 ring-1 ring-inset ring-sky-200"}`}
    >
      {MODE_NAMES[mode]}
    </span>
  );
}
