// The `hostile-markdown` fault: content that must never execute or load when the UI
// renders agent text — script, javascript: links, event handlers, tracking pixels,
// iframes. Injected only where the output still validates.
import type { z } from "zod";

export const HOSTILE_PARTS = [
  "<script>alert(1)</script>",
  "[click](javascript:alert(1))",
  '<img src=x onerror=alert(1)>',
  "![track](https://evil.example/pixel.png)",
  '<iframe src="https://evil.example/frame"></iframe>',
];

export const HOSTILE_BLOCK = `## Notes\n\n${HOSTILE_PARTS.join("\n\n")}\n`;

type Path = (string | number)[];

function stringLeaves(v: unknown, path: Path = []): Path[] {
  if (typeof v === "string") return [path];
  if (Array.isArray(v)) return v.flatMap((x, i) => stringLeaves(x, [...path, i]));
  if (v && typeof v === "object") return Object.entries(v).flatMap(([k, x]) => stringLeaves(x, [...path, k]));
  return [];
}

function update(v: unknown, path: Path, fn: (s: string) => string): unknown {
  if (!path.length) return fn(v as string);
  const [head, ...rest] = path;
  if (Array.isArray(v)) return v.map((x, i) => (i === head ? update(x, rest, fn) : x));
  return { ...(v as object), [head]: update((v as Record<string, unknown>)[head as string], rest, fn) };
}

/** Add every hostile part to some string of the output, keeping it schema-valid. */
export function injectHostile<T>(value: T, schema: z.ZodType): T {
  let out: unknown = value;
  const leaves = stringLeaves(value);
  const markdown = leaves.filter((p) => p[p.length - 1] === "markdown");
  for (const p of markdown) out = update(out, p, (s) => `${s.trimEnd()}\n\n${HOSTILE_BLOCK}`);
  for (const part of HOSTILE_PARTS) {
    for (const p of leaves.filter((l) => l[l.length - 1] !== "markdown")) {
      const next = update(out, p, (s) => `${s} ${part}`);
      if (schema.safeParse(next).success) {
        out = next;
        break;
      }
    }
  }
  return out as T;
}
