// The colour scheme: "system" follows prefers-color-scheme, "light"/"dark" are the
// person's choice, remembered in localStorage. The page shows it through the `dark`
// class on <html>, set before first paint by THEME_SCRIPT and kept in step by use-theme.ts.
export type ThemeChoice = "system" | "light" | "dark";
export const THEME_CHOICES: readonly ThemeChoice[] = ["system", "light", "dark"];
export const THEME_KEY = "ip-theme";

/** Anything stored that is not a known choice (or nothing) means "system". */
export function parseThemeChoice(v: string | null | undefined): ThemeChoice {
  return v === "light" || v === "dark" ? v : "system";
}

export function isDark(choice: ThemeChoice, systemDark: boolean): boolean {
  return choice === "dark" || (choice === "system" && systemDark);
}

/**
 * Runs inline in <head> before anything paints, so a dark page never flashes light.
 * Kept tiny and dependency-free; the same rules as parseThemeChoice/isDark.
 */
export const THEME_SCRIPT = `(function(){try{var c=localStorage.getItem(${JSON.stringify(THEME_KEY)});if(c!=="light"&&c!=="dark")c="system";var d=c==="dark"||(c==="system"&&matchMedia("(prefers-color-scheme: dark)").matches);var e=document.documentElement;e.classList.toggle("dark",d);e.dataset.theme=c}catch(_){}})()`;

