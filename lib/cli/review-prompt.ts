// The walkthrough's review at the terminal: the one request is walked step by step — each
// step's meaning, what it shows, its choices with the recommended one taken on Enter,
// then what that choice needs (each command, planning tests, the three limits) and its
// note — and answered once at the end, with the same encoding the browser sends.
import type { InputRequestData } from "../wire/events";
import { parseWalkthroughAnswer, type WalkthroughReviewStep } from "../vocabulary/input-kinds";
import { encodeWalkthroughAnswer, WALKTHROUGH_CONFIRM, WALKTHROUGH_KEYS, WALKTHROUGH_NOTE_MAX, type IterationConfig, type WalkthroughChoices } from "../vocabulary/walkthrough-review";
import type { Answer } from "./direct-answers";
import type { PromptIO } from "./prompt";
import { plainStyle } from "./style";

type Option = { key: string; label: string };

/** A choice among `options`; Enter takes `recommended`. */
async function pick(io: PromptIO, options: readonly Option[], recommended: string, question?: string): Promise<string> {
  const s = io.style ?? plainStyle;
  if (question) io.write(`  ${question}\n`);
  for (const o of options) io.write(`  [${o.key}] ${o.label}${o.key === recommended ? s.dim(" (Recommended)") : ""}\n`);
  const keys = options.map((o) => o.key);
  for (;;) {
    const typed = (await io.lines.line(`${s.bold(`Enter selection (${keys.join("/")}, Enter for ${recommended}):`)} `)).trim().replace(/^\[(.*)\]$/, "$1");
    if (!typed) return recommended;
    const key = keys.find((k) => k.toLowerCase() === typed.toLowerCase());
    if (key) return key;
    io.write(`${s.yellow(`"${typed}" is not one of the choices: enter ${keys.join(", ")} (or nothing for ${recommended}).`)}\n`);
  }
}

async function note(io: PromptIO, label: string, effect: string): Promise<string | null> {
  const s = io.style ?? plainStyle;
  for (;;) {
    const t = (await io.lines.line(`${label} — ${effect} ${s.dim("(Enter to skip)")}: `)).trim();
    if (t.length <= WALKTHROUGH_NOTE_MAX) return t || null;
    io.write(`${s.yellow(`That is ${t.length} characters; the limit is ${WALKTHROUGH_NOTE_MAX}. Please shorten it.`)}\n`);
  }
}

/** Three numbers within the step's limits, e.g. "8, 6, 3". */
export function parseLimits(text: string, limits: IterationConfig): { ok: true; config: IterationConfig } | { ok: false; error: string } {
  const n = text.match(/-?\d+(?:\.\d+)?/g)?.map(Number) ?? [];
  if (n.length !== 3) return { ok: false, error: "Enter three numbers: implementation, testing, circuit breaker (e.g. 8, 6, 3)." };
  const names = ["implementation", "testing", "circuit_breaker"] as const;
  for (const [i, name] of names.entries()) {
    if (!Number.isInteger(n[i]) || n[i] < 1 || n[i] > limits[name]) return { ok: false, error: `${name.replace("_", " ")} must be a whole number from 1 to ${limits[name]}.` };
  }
  return { ok: true, config: { implementation: n[0], testing: n[1], circuit_breaker: n[2] } };
}

async function limitsOf(io: PromptIO, step: Extract<WalkthroughReviewStep, { step: "iteration" }>): Promise<IterationConfig> {
  const s = io.style ?? plainStyle;
  const L = step.limits;
  for (;;) {
    const r = parseLimits(await io.lines.line(`Implementation, testing, circuit breaker (1-${L.implementation}, 1-${L.testing}, 1-${L.circuit_breaker}), e.g. 8, 6, 3: `), L);
    if (r.ok) return r.config;
    io.write(`${s.yellow(r.error)}\n`);
  }
}

/** Walks the review's steps one by one, then answers the one request once. */
export async function askReview(req: InputRequestData, steps: readonly WalkthroughReviewStep[], io: PromptIO): Promise<Answer> {
  const s = io.style ?? plainStyle;
  const K = WALKTHROUGH_KEYS;
  io.write(`\n${s.bold(s.cyan(`? ${req.title}`))}\n`);
  io.write(`${s.dim(`${steps.length} step(s), one at a time: Enter takes the recommended choice. Your answers are sent together after the last one.`)}\n`);
  const choices: WalkthroughChoices = {};
  for (const step of steps) {
    io.write(`\n${s.bold(step.title)}\n  ${s.dim(step.meaning)}\n`);
    for (const l of step.body.split("\n")) io.write(`  ${l}\n`);
    if (step.step === "architecture") io.write(step.concerns.length ? `  Concerns:\n${step.concerns.map((c) => `    - ${c}\n`).join("")}` : "  Concerns: none found.\n");
    if (step.step === "permissions") io.write(`  Commands:\n${step.commands.map((c) => `    ${c.command} — ${c.recommended === "allow" ? "allow" : "ask first"}\n`).join("")}`);
    if (step.step === "coverage") io.write(step.criticalPaths.length ? `  Critical paths:\n${step.criticalPaths.map((p, i) => `    ${i + 1}. ${p}\n`).join("")}` : "  The test strategy names no critical path.\n");
    const choice = await pick(io, step.options, step.recommended);
    // What the choice needs comes first, the step's note last.
    const stepNote = async () => (step.note ? await note(io, step.note.label, step.note.effect) : null);
    switch (step.step) {
      case "architecture":
        choices.architecture = { choice, note: await stepNote() };
        break;
      case "permissions": {
        const commands = Object.fromEntries(step.commands.map((c) => [c.command, c.recommended]));
        if (choice === K.permissions.review) {
          for (const [i, c] of step.commands.entries()) {
            const allow = { key: "1", label: "Allow" };
            const ask = { key: "2", label: "Ask first" };
            const got = await pick(io, [allow, ask], c.recommended === "allow" ? "1" : "2", `Command ${i + 1} of ${step.commands.length}: may an assistant run \`${c.command}\` without asking?`);
            commands[c.command] = got === "1" ? "allow" : "ask";
          }
        }
        choices.permissions = { choice, commands, note: await stepNote() };
        break;
      }
      case "coverage": {
        let planTests = false;
        if (choice === K.coverage.show && step.criticalPaths.length) {
          planTests = (await pick(io, [{ key: "1", label: "Yes" }, { key: "2", label: "Not now" }], step.planTests.recommended ? "1" : "2", `${step.planTests.label}?`)) === "1";
        }
        choices.coverage = { choice, planTests, note: await stepNote() };
        break;
      }
      case "iteration":
        choices.iteration = { choice, config: choice === K.iteration.customize ? await limitsOf(io, step) : null };
        break;
      case "next":
        choices.next = { choice, note: await stepNote() };
        break;
    }
  }
  const text = encodeWalkthroughAnswer(steps, choices);
  // Checked as the server will: the prompts above only let valid answers through.
  const r = parseWalkthroughAnswer(steps, text);
  if (!r.success) throw new Error(`the walkthrough's answer does not parse: ${r.error.message}`);
  io.write(`${s.dim("Sending your review…")}\n`);
  return { selection: WALKTHROUGH_CONFIRM.key, text };
}
