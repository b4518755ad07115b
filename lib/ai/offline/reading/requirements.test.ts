// The reader of stated requirements, on sentences written for this test (none is in the
// corpus): a requirement exists only where the person's words say it.
import { describe, expect, it } from "vitest";
import { readRequirements } from "./requirements";

const names = (text: string, ownName = "") => readRequirements(text, ownName).map((r) => `${r.kind}:${r.name}${r.relation ? `:${r.relation}` : ""}`);

describe("readRequirements", () => {
  it("reads channels, identity and devices with the clause they were said in", () => {
    const text = "Tutors confirm lessons by text message; parents need no account, just a phone number. Tutors use tablets at the desk.";
    expect(names(text)).toEqual(["channel:SMS", "identity:phone number", "identity:no account", "device:tablet"]);
    expect(readRequirements(text).find((r) => r.kind === "channel")?.said).toBe("Tutors confirm lessons by text message;".replace(/;$/, ""));
  });

  it("a channel or device ruled out is not required", () => {
    expect(names("No WhatsApp, please. We don't need tablets.")).toEqual([]);
  });

  it("names products the person uses, compares with or integrates, and nothing else", () => {
    const text = "Today the tutors plan in Notion and parents pay with SumUp. It should feel like Calendly.";
    expect(names(text)).toEqual(["product:Notion:uses", "product:SumUp:integrates", "product:Calendly:compares"]);
  });

  it("a kind of thing with an article, a language, a place or the person's own organisation is not a product", () => {
    expect(names("A SaaS portal for tutoring centres in Lisbon. Lessons are in Portuguese and English.")).toEqual([]);
    expect(names("We are Lernwerk, a tutoring centre. Our Lernwerk app replaces paper.", "Lernwerk")).toEqual([]);
  });
});
