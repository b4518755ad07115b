// Keeps the page's scheme in step with the person's choice and the system's, for the
// toggle and for what CSS cannot reach (Mermaid's SVG). No React import in theme.ts: the
// root layout (a server component) reads its inline script from there.
import { useSyncExternalStore } from "react";
import { isDark, parseThemeChoice, THEME_KEY, type ThemeChoice } from "./theme";

const listeners = new Set<() => void>();
const QUERY = "(prefers-color-scheme: dark)";

function readChoice(): ThemeChoice {
  try {
    return parseThemeChoice(localStorage.getItem(THEME_KEY));
  } catch {
    return "system";
  }
}

function apply(choice: ThemeChoice): void {
  const root = document.documentElement;
  root.classList.toggle("dark", isDark(choice, matchMedia(QUERY).matches));
  root.dataset.theme = choice;
}

export function setThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === "system") localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, choice);
  } catch {
    // Storage refused (private mode): the choice still applies to this page.
  }
  apply(choice);
  for (const l of listeners) l();
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  const media = matchMedia(QUERY);
  // "system" follows the OS switching while the page is open; another tab's choice too.
  const onSystem = () => {
    apply(readChoice());
    onChange();
  };
  const onStorage = (e: StorageEvent) => {
    if (e.key === THEME_KEY) onSystem();
  };
  media.addEventListener("change", onSystem);
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(onChange);
    media.removeEventListener("change", onSystem);
    window.removeEventListener("storage", onStorage);
  };
}

/** The person's choice; null while hydrating (the server cannot know it). */
export function useThemeChoice(): ThemeChoice | null {
  return useSyncExternalStore(subscribe, readChoice, () => null);
}

/** Whether the page is dark right now (for what CSS cannot reach: Mermaid's SVG). */
export function useDarkScheme(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => document.documentElement.classList.contains("dark"),
    () => false,
  );
}
