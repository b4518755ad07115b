"use client";
// System / Light / Dark as three pressed-or-not buttons in the header: a labelled group,
// reachable with Tab, each button says its name.
import { THEME_CHOICES, type ThemeChoice } from "./theme";
import { setThemeChoice, useThemeChoice } from "./use-theme";

const LABELS: Record<ThemeChoice, string> = { system: "System", light: "Light", dark: "Dark" };

export function ThemeToggle() {
  const choice = useThemeChoice();
  return (
    <div role="group" aria-label="Colour scheme" data-testid="theme-toggle" data-choice={choice ?? undefined} className="inline-flex rounded-lg border border-slate-300 p-0.5 text-xs">
      {THEME_CHOICES.map((c) => (
        <button
          key={c}
          type="button"
          aria-pressed={choice === c}
          onClick={() => setThemeChoice(c)}
          data-testid={`theme-${c}`}
          className={`rounded-md px-2 py-1 font-medium ${choice === c ? "bg-slate-800 text-white" : "text-slate-700 hover:bg-slate-100"}`}
        >
          {LABELS[c]}
        </button>
      ))}
    </div>
  );
}
