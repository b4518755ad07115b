import { describe, expect, it } from "vitest";
import { MAX_ANSWER_CHARS } from "@/lib/vocabulary/input-rules";
import { composeAnswers, NOTHING_ANSWERED } from "./compose-answers";

const QS = [
  { n: 1, text: "Who are the users?" },
  { n: 2, text: "What does success look like?" },
  { n: 3, text: "Any constraints? " },
];

describe("composeAnswers", () => {
  it("puts each answer under its numbered question, skipping the empty ones", () => {
    expect(composeAnswers(QS, { 1: " Nurses in the EU. ", 2: "   ", 3: "Keep data in the EU." }, "")).toEqual({
      ok: true,
      text: "1. Who are the users?\nNurses in the EU.\n\n3. Any constraints?\nKeep data in the EU.",
    });
  });

  it("adds Anything else at the end", () => {
    expect(composeAnswers(QS, { 2: "Triage under 10 minutes." }, " We have four developers. ")).toEqual({
      ok: true,
      text: "2. What does success look like?\nTriage under 10 minutes.\n\nAnything else:\nWe have four developers.",
    });
  });

  it("sends Anything else as it is when no question was answered", () => {
    expect(composeAnswers(QS, {}, "All answers in one go.")).toEqual({ ok: true, text: "All answers in one go." });
  });

  it("refuses an empty answer, naming where to write", () => {
    expect(composeAnswers(QS, { 1: "  ", 2: "" }, " \n ")).toEqual({ ok: false, field: "answers", message: NOTHING_ANSWERED });
  });

  it("refuses more than the server takes, counting the questions it adds", () => {
    const r = composeAnswers(QS, { 1: "x".repeat(MAX_ANSWER_CHARS - 10) }, "");
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.field).toBe("text");
      expect(r.message).toMatch(/At most 8,000 characters/);
    }
  });
});
