// Interactive mode: the person answers each input request at the terminal. Replies are
// checked here first (the same rules party-service applies) so a typo is asked again
// instead of failing the run.
import type { InputRequestData } from "../wire/events";
import { MAX_ANSWER_CHARS, textRequired } from "../vocabulary/input-rules";
import type { Answer } from "./direct-answers";
import { parseInputDetails } from "../vocabulary/input-kinds";
import { listsOptions } from "./render";
import { askReview } from "./review-prompt";
import { plainStyle, type Style } from "./style";

export const MAX_TEXT = MAX_ANSWER_CHARS;
// Words accepted for a menu key: its number or its name ("[1] or party").
const ALIASES: Record<string, Record<string, string>> = {
  mode: { party: "1", classic: "2" },
  stack_approval: { yes: "Y", y: "Y", c: "C", change: "C", changes: "C" },
};

export type ChoiceResult = { ok: true; selection: string; text: "required" | "optional" | "none" } | { ok: false; error: string };

/** A typed choice → the option key, and whether a text must or may follow. */
export function parseChoice(req: Pick<InputRequestData, "kind" | "options" | "allowsText">, raw: string): ChoiceResult {
  const typed = raw.trim().replace(/^\[(.*)\]$/, "$1");
  const keys = req.options.map((o) => o.key);
  const alias = ALIASES[req.kind]?.[typed.toLowerCase()];
  const key = keys.find((k) => k.toLowerCase() === typed.toLowerCase()) ?? (alias && keys.includes(alias) ? alias : undefined);
  if (!key) return { ok: false, error: typed ? `"${typed}" is not one of the choices: enter ${orList(keys)}.` : `Please enter ${orList(keys)}.` };
  const text = textRequired(req, key) ? "required" : req.allowsText ? "optional" : "none";
  return { ok: true, selection: key, text };
}

function orList(keys: string[]): string {
  return keys.length <= 1 ? keys.join("") : `${keys.slice(0, -1).join(", ")} or ${keys[keys.length - 1]}`;
}

export function checkText(text: string, required: boolean): string | null {
  if (required && !text.trim()) return "An answer is required.";
  if (text.length > MAX_TEXT) return `That is ${text.length} characters; the limit is ${MAX_TEXT}. Please shorten it.`;
  return null;
}

/** Ctrl-C at a prompt, or the input closed: the person wants out. */
export class PromptAborted extends Error {
  constructor(readonly reason: "interrupt" | "eof") {
    super(reason === "interrupt" ? "Interrupted." : "The input ended before the party finished.");
  }
}

export interface LineSource {
  /** One line typed after `prompt`; rejects with PromptAborted. */
  line(prompt: string): Promise<string>;
}

export interface PromptIO {
  lines: LineSource;
  write(s: string): void;
  style?: Style;
}

/** Shows the request and reads a valid answer. */
export async function askPerson(req: InputRequestData, io: PromptIO): Promise<Answer> {
  const review = req.kind === "walkthrough" ? parseInputDetails("walkthrough", req.details) : null;
  if (review?.step === "review") return askReview(req, review.steps, io);
  const s = io.style ?? plainStyle;
  io.write(`\n${s.bold(s.cyan(`? ${req.title}`))}\n`);
  // A menu body may end with its own "Enter selection (1-2):" line: that becomes the prompt.
  const lines = req.body.trimEnd().split("\n");
  const own = req.options.length && /^Enter selection\b.*:$/.test(lines[lines.length - 1].trim()) ? lines.pop()!.trim() : null;
  const body = lines.join("\n").trimEnd();
  if (body.trim() && body.trim() !== req.title.trim()) io.write(`${body}\n`);
  if (req.options.length === 0) {
    return { selection: null, text: await readText(io, "Type your answer; an empty line finishes it.", true) };
  }
  if (!listsOptions(req)) for (const o of req.options) io.write(`  [${o.key}] ${o.label}\n`);
  for (;;) {
    const choice = parseChoice(req, await io.lines.line(`${s.bold(own ?? `Enter selection (${req.options.map((o) => o.key).join("/")}):`)} `));
    if (!choice.ok) {
      io.write(`${s.yellow(choice.error)}\n`);
      continue;
    }
    if (choice.text === "none") return { selection: choice.selection, text: null };
    if (choice.text === "required") return { selection: choice.selection, text: await readText(io, "What would you like to change? An empty line finishes it.", true) };
    const note = await readLine(io, "Anything to add? (Enter to skip): ");
    return { selection: choice.selection, text: note || null };
  }
}

async function readLine(io: PromptIO, prompt: string): Promise<string> {
  for (;;) {
    const t = (await io.lines.line(prompt)).trim();
    const err = checkText(t, false);
    if (!err) return t;
    io.write(`${err}\n`);
  }
}

/** Several lines, until an empty one; at least one when required. */
async function readText(io: PromptIO, hint: string, required: boolean): Promise<string> {
  const s = io.style ?? plainStyle;
  io.write(`${s.dim(hint)}\n`);
  for (;;) {
    const lines: string[] = [];
    for (;;) {
      const l = await io.lines.line(lines.length ? "… " : "> ");
      if (l.trim() === "" || l.trim() === "/done") break;
      lines.push(l.trimEnd());
    }
    const text = lines.join("\n").trim();
    const err = checkText(text, required);
    if (!err) return text;
    io.write(`${s.yellow(err)}\n`);
  }
}
