import { describe, expect, it } from "vitest";
import { isDark, parseThemeChoice, THEME_KEY, THEME_SCRIPT } from "./theme";

describe("colour scheme choice", () => {
  it("reads only known choices, anything else is system", () => {
    expect(parseThemeChoice("dark")).toBe("dark");
    expect(parseThemeChoice("light")).toBe("light");
    expect(parseThemeChoice(null)).toBe("system");
    expect(parseThemeChoice("purple")).toBe("system");
  });

  it("system follows the OS; an explicit choice wins over it", () => {
    expect(isDark("system", true)).toBe(true);
    expect(isDark("system", false)).toBe(false);
    expect(isDark("light", true)).toBe(false);
    expect(isDark("dark", false)).toBe(true);
  });

  it("the inline script applies the same rules before first paint", () => {
    for (const [stored, systemDark, dark, theme] of [
      ["dark", false, true, "dark"],
      ["light", true, false, "light"],
      [null, true, true, "system"],
      ["junk", false, false, "system"],
    ] as const) {
      const classes = new Set<string>();
      const root = { classList: { toggle: (c: string, on: boolean) => (on ? classes.add(c) : classes.delete(c)) }, dataset: {} as Record<string, string> };
      const localStorage = { getItem: (k: string) => (k === THEME_KEY ? stored : null) };
      const matchMedia = () => ({ matches: systemDark });
      new Function("localStorage", "matchMedia", "document", THEME_SCRIPT)(localStorage, matchMedia, { documentElement: root });
      expect(classes.has("dark")).toBe(dark);
      expect(root.dataset.theme).toBe(theme);
    }
  });
});
