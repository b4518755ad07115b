import { describe, expect, it } from "vitest";
import { readClauses } from "./read-clauses";

// Every sentence here was written for these tests and is in no corpus.
const shape = (text: string) => readClauses(text).map((c) => ({ subject: c.subject?.head, verb: c.verb, objects: c.objects.map((o) => o.head), extras: c.extras.map((e) => e.np.head) }));

describe("readClauses", () => {
  it("reads a comparison as a count, never as a thing", () => {
    const [c] = shape("Sellers post listings with less than 20 photos.");
    expect(c.extras).toEqual(["photo"]);
  });

  it("reads a plural after a leading noun as the subject's head when a verb follows it", () => {
    expect(shape("Test marks are kept for a year.")[0]).toMatchObject({ subject: "test mark", verb: "keep" });
    expect(shape("Rota changes are sent by text.")[0]).toMatchObject({ subject: "rota change", verb: "send" });
    expect(shape("The office approves or rejects refund claims.")[0]).toMatchObject({ subject: "office", verb: "approve", objects: ["refund claim"] });
    // A role before a verb stays the one who acts.
    expect(shape("Admin approves, then the nurse signs.")[0]).toMatchObject({ subject: "admin", verb: "approve" });
  });

  it("reads two verbs joined by 'or' as two acts on one object, not a modifier", () => {
    expect(shape("Coaches approve or reject transfers.")[0]).toMatchObject({ subject: "coach", verb: "approve", objects: ["transfer"] });
  });
});
