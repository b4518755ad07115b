import { describe, expect, it } from "vitest";
import { splitLine, splitSentences } from "./split-sentences";

describe("splitSentences", () => {
  it("keeps version numbers, decimals and abbreviations inside their sentence", () => {
    expect(splitSentences("PCI DSS v4.0, PSD2 and GDPR apply. Python 3.13 is fine, e.g. for scripts. Done!")).toEqual([
      "PCI DSS v4.0, PSD2 and GDPR apply.",
      "Python 3.13 is fine, e.g. for scripts.",
      "Done!",
    ]);
  });

  it("ends a sentence after a closing quote, never inside parentheses, and at every line break", () => {
    expect(splitLine("She said “book it.” Then (see p. 2. below) we pay.")).toEqual(["She said “book it.”", "Then (see p. 2. below) we pay."]);
    expect(splitSentences("First line\n\nSecond line. Third")).toEqual(["First line", "Second line.", "Third"]);
    expect(splitSentences("Ciao tutti! We run a gym. No ads! Thanks!")).toEqual(["We run a gym.", "No ads!", "Thanks!"]);
    expect(splitSentences("No ads! Ever.")).toEqual(["No ads!", "Ever."]);
    expect(splitSentences('Clients write "can we move it?" and we answer. Then "Done!" She left.')).toEqual(['Clients write "can we move it?" and we answer.', 'Then "Done!"', "She left."]);
  });
});
