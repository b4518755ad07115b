import { describe, expect, it } from "vitest";
import { lowerFirst, withArticle } from "./text-utils";

describe("withArticle", () => {
  it("picks the article by the first sound, acronyms letter by letter", () => {
    expect(["Item", "Order", "User", "Upload", "Unit", "SMS", "API", "GPS", "Sensor"].map(withArticle)).toEqual([
      "an Item",
      "an Order",
      "a User",
      "an Upload",
      "a Unit",
      "an SMS",
      "an API",
      "a GPS",
      "a Sensor",
    ]);
  });
});

describe("lowerFirst", () => {
  it("lowers a plain word but keeps acronyms, names with inner capitals and 'S3'", () => {
    expect(["Rate limiting", "GDPR rules", "PostgreSQL", "S3-compatible storage"].map(lowerFirst)).toEqual(["rate limiting", "GDPR rules", "PostgreSQL", "S3-compatible storage"]);
    expect(["I mend nets", "Harbour Lane Allotments", "In the shed"].map(lowerFirst)).toEqual(["I mend nets", "Harbour Lane Allotments", "in the shed"]);
  });
});
