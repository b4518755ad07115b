// One choice of a radio group drawn as a card: a visually hidden native radio (arrow keys,
// Space, screen readers), its key as a badge, and the card's own focus ring. Used by the
// mode menu and by the options of an input request.
import type { ReactNode } from "react";

export interface RadioCardProps {
  id: string;
  name: string;
  value: string;
  keyLabel: string;
  checked: boolean;
  onChange: () => void;
  testId: string;
  dataKey?: string;
  describedBy?: string;
  size?: "sm" | "md";
  children: ReactNode;
}

export function RadioCard({ id, name, value, keyLabel, checked, onChange, testId, dataKey, describedBy, size = "sm", children }: RadioCardProps) {
  return (
    <label
      htmlFor={id}
      data-testid={testId}
      data-key={dataKey}
      data-checked={checked}
      className={`relative flex cursor-pointer items-start gap-3 rounded-lg border transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600 ${size === "md" ? "p-3" : "px-3 py-2 text-sm"} ${
        checked ? "border-indigo-500 bg-indigo-50 ring-1 ring-indigo-500" : "border-slate-200 bg-white hover:border-slate-300 hover:bg-slate-50"
      }`}
    >
      <input id={id} type="radio" name={name} value={value} checked={checked} onChange={onChange} className="sr-only" aria-describedby={describedBy} />
      <kbd
        aria-hidden
        className={`grid shrink-0 place-items-center rounded-md border font-mono ${size === "md" ? "size-7 text-sm" : "h-6 min-w-6 px-1 text-xs"} ${
          checked ? "border-indigo-600 bg-indigo-600 text-white" : "border-slate-300 bg-white text-slate-700"
        }`}
      >
        {keyLabel}
      </kbd>
      {children}
    </label>
  );
}
