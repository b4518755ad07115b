// The dark scheme mirrors Tailwind's palettes in globals.css. This reads both palettes and
// checks that the text/background pairings the components use reach WCAG AA (4.5:1) in
// the dark scheme, as they do in the light one.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

type Oklch = [number, number, number];
const OKLCH = /--color-([a-z]+(?:-\d+)?):\s*(?:oklch\(([\d.]+)% ([\d.]+) ([\d.]+)\)|#fff)/g;

function palette(css: string): Record<string, Oklch> {
  const out: Record<string, Oklch> = {};
  for (const m of css.matchAll(OKLCH)) out[m[1]] = m[2] === undefined ? [1, 0, 0] : [Number(m[2]) / 100, Number(m[3]), Number(m[4])];
  return out;
}

/** Relative luminance of an oklch colour (oklab → linear sRGB, clipped to the gamut). */
function luminance([l, c, h]: Oklch): number {
  const a = c * Math.cos((h * Math.PI) / 180);
  const b = c * Math.sin((h * Math.PI) / 180);
  const l3 = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m3 = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s3 = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const rgb = [
    4.0767416621 * l3 - 3.3077115913 * m3 + 0.2309699292 * s3,
    -1.2684380046 * l3 + 2.6097574011 * m3 - 0.3413193965 * s3,
    -0.0041960863 * l3 - 0.7034186147 * m3 + 1.707614701 * s3,
  ].map((v) => Math.min(1, Math.max(0, v)));
  return 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
}

function ratio(x: Oklch, y: Oklch): number {
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p);
  return (hi + 0.05) / (lo + 0.05);
}

const tailwind = readFileSync(createRequire(import.meta.url).resolve("tailwindcss/theme.css"), "utf8");
const globals = readFileSync(new URL("./globals.css", import.meta.url), "utf8");
const light = palette(tailwind);
const darkBlock = globals.slice(globals.indexOf(".dark {"), globals.indexOf("}", globals.indexOf(".dark {")));
const dark = { ...light, ...palette(darkBlock) };

// [text, background] as the components pair them (secondary text on cards and chips,
// badges, banners, buttons, avatars with white initials).
const PAIRS: Array<[string, string]> = [
  ["slate-900", "slate-50"],
  ["slate-800", "white"],
  ["slate-700", "slate-100"],
  ["slate-600", "white"],
  ["slate-600", "slate-100"],
  ["slate-600", "indigo-50"],
  ["slate-500", "white"],
  ["slate-500", "slate-50"],
  ["indigo-700", "white"],
  ["indigo-700", "indigo-50"],
  ["indigo-900", "indigo-50"],
  ["rose-700", "white"],
  ["rose-800", "rose-50"],
  ["amber-800", "amber-100"],
  ["amber-800", "white"],
  ["amber-900", "amber-50"],
  ["emerald-800", "emerald-100"],
  ["emerald-800", "emerald-50"],
  ["emerald-900", "emerald-50"],
  ["sky-900", "sky-50"],
  ["sky-800", "sky-100"],
  ["cyan-800", "cyan-100"],
  ["violet-800", "violet-100"],
  ["white", "indigo-600"],
  ["white", "emerald-700"],
  ["white", "slate-800"],
  ...["indigo", "violet", "emerald", "sky", "rose", "amber", "teal", "fuchsia", "cyan", "orange", "slate"].map((h): [string, string] => ["white", `${h}-700`]),
];

describe("the dark palette in globals.css", () => {
  it("redefines every shade of the palettes the components use", () => {
    for (const hue of ["slate", "indigo", "sky", "cyan", "violet", "emerald", "teal", "amber", "orange", "rose", "fuchsia"]) {
      for (const shade of [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950]) expect(palette(darkBlock)[`${hue}-${shade}`], `${hue}-${shade}`).toBeDefined();
    }
    expect(palette(darkBlock).white).toBeDefined();
  });

  it.each(PAIRS)("%s on %s reaches 4.5:1 in both schemes", (fg, bg) => {
    expect(ratio(light[fg], light[bg]), "light").toBeGreaterThanOrEqual(4.5);
    expect(ratio(dark[fg], dark[bg]), "dark").toBeGreaterThanOrEqual(4.5);
  });
});
