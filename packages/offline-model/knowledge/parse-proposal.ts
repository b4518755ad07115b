// Read a PROPOSAL / REVISED PROPOSAL message back into a
// stack, so critiques and positions answer the proposal actually made — also when
// another model wrote it.
import type { ProposalOutput } from "@inception-party/protocol";
import { toolchain } from "./family-profiles";
import { familyOf } from "./stack-plan";

/** The parenthesis depth after each character ("a (b) c" → 0 0 1 1 0 0 0); a stray ")" never goes below 0. */
function depths(s: string): number[] {
  let d = 0;
  return [...s].map((c) => (d = Math.max(0, d + (c === "(" ? 1 : c === ")" ? -1 : 0))));
}

/** Split "a (x; y); b (z)" on "; " outside parentheses. */
function splitTop(s: string): string[] {
  const d = depths(s);
  const cuts = [...s.matchAll(/; /g)].map((m) => m.index).filter((i) => d[i] === 0);
  return [-2, ...cuts].map((c, k) => s.slice(c + 2, cuts[k] ?? s.length).trim()).filter(Boolean);
}

/** "choice (rationale)": the last top-level parenthesised group is the rationale. */
function splitChoice(item: string): { choice: string; rationale: string } {
  let depth = 0;
  let i = item.endsWith(")") ? item.length : 0;
  while (--i >= 0 && (depth += item[i] === ")" ? 1 : item[i] === "(" ? -1 : 0) !== 0);
  const choice = i > 0 ? item.slice(0, i).trim() : "";
  return choice ? { choice, rationale: item.slice(i + 1, -1).trim() || "part of the proposal" } : { choice: item, rationale: "part of the proposal" };
}

function line(body: string, label: string): string | undefined {
  return new RegExp(`^${label}:\\s*(.+)$`, "m").exec(body)?.[1].trim();
}

function choiceLine(body: string, label: string): { choice: string; rationale: string } | undefined {
  const l = line(body, label);
  if (!l) return undefined;
  const i = l.indexOf(" — ");
  return i > 0 ? { choice: l.slice(0, i).trim(), rationale: l.slice(i + 3).trim() || "part of the proposal" } : { choice: l, rationale: "part of the proposal" };
}

export function parseProposalText(body: string): ProposalOutput | undefined {
  const language = choiceLine(body, "Language");
  const framework = choiceLine(body, "Framework");
  const database = choiceLine(body, "Database");
  if (!language || !framework || !database) return undefined;
  const add = line(body, "Additional");
  const additional = add && add.toLowerCase() !== "none" ? splitTop(add).map(splitChoice).slice(0, 6) : [];
  const family = familyOf({ language, framework, runtime: "" });
  const tc = toolchain(family, framework.choice);
  return {
    architecture_pattern: line(body, "Architecture Pattern") ?? "Modular monolith",
    language,
    runtime: tc.runtime,
    framework,
    database,
    additional,
    test_runner: `${tc.testRunner} + ${tc.e2e}`,
    package_manager: tc.packageManager,
  };
}
