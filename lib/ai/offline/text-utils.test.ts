import { describe, expect, it } from "vitest";
import { withArticle } from "./text-utils";

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
