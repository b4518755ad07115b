// Read a PROPOSAL / REVISED PROPOSAL message back into a
// stack, so critiques and positions answer the proposal actually made — also when
// another model wrote it.
import type { ProposalOutput } from "@inception-party/protocol";
import { toolchain } from "./family-profiles";
import { familyOf } from "./stack-plan";

/** Split "a (x; y); b (z)" on "; " outside parentheses. */
function splitTop(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = "";
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === "(") depth++;
    if (c === ")") depth = Math.max(0, depth - 1);
    if (depth === 0 && s.startsWith("; ", i)) {
      out.push(cur);
      cur = "";
      i++;
      continue;
    }
    cur += c;
  }
  if (cur.trim()) out.push(cur);
  return out.map((x) => x.trim()).filter(Boolean);
}

/** "choice (rationale)": the last top-level parenthesised group is the rationale. */
function splitChoice(item: string): { choice: string; rationale: string } {
  if (!item.endsWith(")")) return { choice: item, rationale: "part of the proposal" };
  let depth = 0;
  for (let i = item.length - 1; i >= 0; i--) {
    if (item[i] === ")") depth++;
    if (item[i] === "(") depth--;
    if (depth === 0) {
      const choice = item.slice(0, i).trim();
      const rationale = item.slice(i + 1, -1).trim();
      return choice ? { choice, rationale: rationale || "part of the proposal" } : { choice: item, rationale: "part of the proposal" };
    }
  }
  return { choice: item, rationale: "part of the proposal" };
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
