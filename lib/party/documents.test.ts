import { describe, expect, it } from "vitest";
import { mergeBrief, scaffoldFromArchitecture } from "./documents";
import type { FinalPositionOutput } from "@inception-party/protocol";

const position = (project_vision: string): FinalPositionOutput => ({
  project_vision,
  target_users: ["Members"],
  core_features: ["Book a slot", "Pay online"],
  constraints: ["GDPR"],
  success_metrics: ["60% of bookings online"],
  risks: ["Scope creep"],
});

describe("mergeBrief", () => {
  it("merges the three visions sentence by sentence without cutting a version number in two", () => {
    const brief = mergeBrief([
      { agent: "nadia", position: position("A booking app for climbing gyms. It succeeds when members book online.") },
      { agent: "oscar", position: position("PCI DSS v4.0, PSD2 Strong Customer Authentication and GDPR apply. A booking app for climbing gyms.") },
      { agent: "tessa", position: position("Technically it is one modular monolith.") },
    ]);
    expect(brief.problem_statement).toBe(
      "A booking app for climbing gyms. It succeeds when members book online. PCI DSS v4.0, PSD2 Strong Customer Authentication and GDPR apply. Technically it is one modular monolith.",
    );
  });
});

describe("mergeBrief: lines that quote the same words", () => {
  it("keeps two that each name something else, and drops one that only says the other again", () => {
    const said = "“the dispatcher puts it in a Google Sheet and writes the riders on Signal”";
    const lines = [`Google Sheet — what you use today: ${said}`, `Signal — as you named it: ${said}`, "Left out, as you said: “No app store app please”", "As you said: “No app store app please, web is fine”"];
    const brief = mergeBrief([{ agent: "nadia", position: { ...position("A courier app."), constraints: lines } }, { agent: "oscar", position: { ...position("A courier app."), constraints: [lines[0]] } }]);
    expect(brief.scale_constraints).toEqual(lines.slice(0, 3));
  });
});

describe("scaffoldFromArchitecture with hostile folder names", () => {
  it("keeps only folders that stay under src/", () => {
    const architecture = ["## Directory Layout", "```", "src/", "  app/", "  ../", "    ../", "      etc/", "  ..\\x/", "  ok/", "```", ""].join("\n");
    const dirs = scaffoldFromArchitecture(architecture);
    expect(dirs.filter((d) => d.startsWith("src/"))).toEqual(["src/", "src/app/", "src/ok/"]);
    expect(dirs.some((d) => d.includes(".."))).toBe(false);
  });
});
