import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import type { InputRequestData } from "../wire/events";
import { pipedLines } from "./line-source";
import { askPerson, checkText, parseChoice, PromptAborted, type LineSource } from "./prompt";

/** An input request with its choices as `[key, label]` pairs. */
const request = (kind: InputRequestData["kind"], title: string, body: string, choices: Array<[string, string]>, allowsText: boolean): InputRequestData => ({
  requestId: "r1",
  key: "k",
  kind,
  title,
  body,
  options: choices.map(([key, label]) => ({ key, label })),
  allowsText,
});

const stack = request("stack_approval", "TECH STACK RECOMMENDATION", "Language: TypeScript", [["Y", "Yes, proceed with this stack"], ["C", "I have changes"]], true);
const mode = request("mode", "INCEPTION MODE", "[1] Party Mode\n[2] Classic Mode\n\nEnter selection (1-2):", [["1", "Party Mode (Recommended)"], ["2", "Classic Mode"]], false);

describe("parseChoice", () => {
  it.each([
    [mode, "1", { ok: true, selection: "1", text: "none" }],
    [mode, " [2] ", { ok: true, selection: "2", text: "none" }],
    [mode, "Classic", { ok: true, selection: "2", text: "none" }],
    [stack, "y", { ok: true, selection: "Y", text: "optional" }],
    [stack, "c", { ok: true, selection: "C", text: "required" }],
    [stack, "yes", { ok: true, selection: "Y", text: "optional" }],
    [mode, "3", { ok: false, error: '"3" is not one of the choices: enter 1 or 2.' }],
    [mode, "", { ok: false, error: "Please enter 1 or 2." }],
    [stack, "party", { ok: false, error: '"party" is not one of the choices: enter Y or C.' }],
  ] as const)("%#: %s", (req, typed, expected) => {
    expect(parseChoice(req, typed)).toEqual(expected);
  });
});

describe("checkText", () => {
  it("requires text when asked and caps its length", () => {
    expect(checkText("  ", true)).toBe("An answer is required.");
    expect(checkText("", false)).toBeNull();
    expect(checkText("x".repeat(8001), false)).toMatch(/limit is 8000/);
  });
});

function scripted(lines: string[]): LineSource & { prompts: string[] } {
  const prompts: string[] = [];
  return {
    prompts,
    line(prompt) {
      prompts.push(prompt);
      const l = lines.shift();
      return l === undefined ? Promise.reject(new PromptAborted("eof")) : Promise.resolve(l);
    },
  };
}

describe("askPerson", () => {
  it("re-asks after an invalid choice, then asks what to change", async () => {
    let out = "";
    const lines = scripted(["maybe", "C", "", "Use Python", "and Django", ""]);
    const a = await askPerson(stack, { lines, write: (s) => (out += s) });
    expect(a).toEqual({ selection: "C", text: "Use Python\nand Django" });
    expect(out).toContain("? TECH STACK RECOMMENDATION\nLanguage: TypeScript\n  [Y] Yes, proceed with this stack\n  [C] I have changes\n");
    expect(out).toContain('"maybe" is not one of the choices: enter Y or C.');
    expect(out).toContain("An answer is required.");
  });

  it("does not repeat options the body already lists; text-only requests read until an empty line", async () => {
    let out = "";
    const lines = scripted(["2"]);
    expect(await askPerson(mode, { lines, write: (s) => (out += s) })).toEqual({ selection: "2", text: null });
    expect(out).not.toContain("  [1] Party Mode (Recommended)");
    // The menu's own last line is the prompt, not printed twice.
    expect(out).not.toContain("Enter selection");
    expect(lines.prompts).toEqual(["Enter selection (1-2): "]);
    const vision: InputRequestData = { ...stack, kind: "vision_questions", options: [], body: "1. Who?" };
    expect(await askPerson(vision, { lines: scripted(["Climbers.", "Gyms too.", ""]), write: () => {} })).toEqual({ selection: null, text: "Climbers.\nGyms too." });
  });

  it("an optional note may be skipped", async () => {
    expect(await askPerson(stack, { lines: scripted(["Y", ""]), write: () => {} })).toEqual({ selection: "Y", text: null });
  });

  it("passes an abort through", async () => {
    await expect(askPerson(mode, { lines: scripted([]), write: () => {} })).rejects.toBeInstanceOf(PromptAborted);
  });
});

describe("pipedLines", () => {
  it("queues lines that arrive before they are asked for and ends with eof", async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let echoed = "";
    output.on("data", (c) => (echoed += c));
    const lines = pipedLines(input, output);
    const first = lines.line("a? ");
    input.write("one\ntwo\n");
    expect(await first).toBe("one");
    expect(await lines.line("b? ")).toBe("two");
    input.end();
    await expect(lines.line("c? ")).rejects.toBeInstanceOf(PromptAborted);
    expect(echoed).toBe("a? one\nb? two\nc? ");
  });
});
