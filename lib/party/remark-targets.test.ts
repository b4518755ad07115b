// Which documents a remark concerns, read from the documents themselves: tried on
// remarks about a barber chain's product, its data and how it is built and tested.
import { describe, expect, it } from "vitest";
import { ARTIFACT_PATHS } from "@inception-party/protocol";
import { remarkTargets } from "./remark-targets";

const docs = {
  [ARTIFACT_PATHS.brief]: "# Project Brief\n## Target Users\n- Customers who book a cut\n- Barbers who see their day\n## Core Features\n- Book a cut online\n- Join the walk-in queue",
  [ARTIFACT_PATHS.architecture]: "# Architecture\n## Components\n- Booking API on Django\n- SMS reminders through a provider\n## Deployment & Operations\nOne container on a managed host.",
  [ARTIFACT_PATHS.dataModel]: "# Data Model\n### Barber\n| name | text |\n### Shop\n| address | text |\n### Booking\n| starts_at | timestamptz |",
  [ARTIFACT_PATHS.testStrategy]: "# Test Strategy\n## Critical Paths\n- A booking is confirmed\n## Tooling\nPytest and Playwright.",
};

describe("remarkTargets", () => {
  it("a statement about the people and things of the product: the data model and the brief", () => {
    expect(remarkTargets("Barbers move between shops during the week.", docs)).toEqual([ARTIFACT_PATHS.brief, ARTIFACT_PATHS.dataModel]);
  });

  it("a remark about how it is tested goes to the test strategy alone", () => {
    expect(remarkTargets("Please also test the reminder job with a fake SMS gateway in Playwright.", docs)).toEqual([ARTIFACT_PATHS.testStrategy]);
  });

  it("a remark about hosting goes to the architecture", () => {
    expect(remarkTargets("Host it on a managed container platform in the EU.", docs)).toContain(ARTIFACT_PATHS.architecture);
  });

  it("a remark nothing in the documents speaks of still reaches the brief", () => {
    expect(remarkTargets("Our tone of voice is playful.", docs)).toEqual([ARTIFACT_PATHS.brief]);
    expect(remarkTargets("anything", {})).toEqual([]);
  });

  it("words a building document happens to share do not make a remark about building", () => {
    const local = { ...docs, [ARTIFACT_PATHS.architecture]: `${docs[ARTIFACT_PATHS.architecture]}\nLocal development with one voice channel per shop.` };
    expect(remarkTargets("Our tone of voice is friendly and local.", local)).toContain(ARTIFACT_PATHS.brief);
  });
});
