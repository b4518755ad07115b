// The end banner, rendered from a folded log: a completed party names what it leaves open.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { PartyEvent } from "@/lib/wire/events";
import { EndBanner } from "./end-banner";
import { applyEvents } from "../view/reducer";
import { endReportOf } from "../view/selectors";
import { started, stored } from "../view/testing/test-events";

const ARCH = "docs/architecture/architecture-overview.md";
const DATA = "docs/architecture/data-model.md";
const write = (path: string, title: string, content: string, version = 1): PartyEvent => ({ type: "artifact-write", data: { path, title, producer: "architect", phase: 3, content, version } });
const critique = (artifactPath: string, verdict: string, averageRating: number, n = 1): PartyEvent => ({
  type: "critique-result",
  data: { roundId: `round-${n}-${artifactPath}`, artifactPath, phase: 3, verdict, severity: "LOW", averageRating, ratings: [{ name: "Security", rating: Math.round(averageRating), source: "perspective" }], recommendation: verdict === "consensus_blocked" ? "revise" : "proceed", recordPath: `discussions/round-${n}.md`, actionItems: [] },
});
const end = (requirements = [{ kind: "channel", name: "SMS", said: "reminders by SMS the day before" }]): PartyEvent => ({ type: "party-end", data: { status: "completed", requirements } });
const render = (events: PartyEvent[]) => {
  const view = applyEvents(started(), stored(events, 10));
  return { view, html: renderToStaticMarkup(createElement(EndBanner, { view })) };
};

describe("EndBanner", () => {
  it("names a document whose critique blocked consensus, a missing one, and a requirement no document covers", () => {
    const { view, html } = render([
      write(ARCH, "Architecture Overview", "# Architecture\n\nA monolith."),
      critique(ARCH, "consensus_blocked", 2),
      { type: "artifact-missing", data: { path: DATA, title: "Data Model", agent: "data_modeler", agentName: "Data Model Designer", phase: 3, reason: "The data model could not be written." } },
      end(),
    ]);
    expect(endReportOf(view)).toEqual({
      weak: [{ path: ARCH, title: "Architecture Overview", why: "consensus blocked, average 2.0/5" }],
      missing: [{ path: DATA, title: "Data Model" }],
      uncovered: [{ kind: "channel", name: "SMS", said: "reminders by SMS the day before" }],
    });
    expect(html).toContain('data-open-ends="true"');
    expect(html).toContain("Kickoff complete, with open ends.");
    expect(html).toContain(`data-testid="end-weak" data-path="${ARCH}"><strong>Architecture Overview</strong> did not pass its critique (consensus blocked, average 2.0/5)`);
    expect(html).toContain(`data-testid="end-missing" data-path="${DATA}"><strong>Data Model</strong> was never written.`);
    expect(html).toMatch(/data-testid="end-uncovered">You asked for <span><strong title="reminders by SMS the day before">SMS<\/strong><\/span>; no document covers it yet\./);
  });

  it("follows the documents: a revision that covers the requirement and a passing round close the open ends", () => {
    const { html } = render([
      write(ARCH, "Architecture Overview", "# Architecture\n\nA monolith."),
      critique(ARCH, "consensus_blocked", 2),
      end(),
      write(ARCH, "Architecture Overview", "# Architecture\n\nA monolith that sends SMS reminders.", 2),
      critique(ARCH, "consensus_reached", 4, 2),
    ]);
    expect(html).toContain('data-open-ends="false"');
    expect(html).toContain("<strong>Kickoff complete.</strong>");
    expect(html).not.toContain("end-weak");
  });

  it("names a document the critique scored 2.5/5 or less even when consensus was reached", () => {
    const { html } = render([write(ARCH, "Architecture Overview", "# Architecture"), critique(ARCH, "consensus_reached", 2.5), end([])]);
    expect(html).toContain("did not pass its critique (consensus reached, average 2.5/5)");
  });
});
