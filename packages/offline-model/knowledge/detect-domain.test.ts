import { describe, expect, it } from "vitest";
import { detectDomain } from "./detect-domain";
import { applicableRegulations } from "./regulations";

const regs = (text: string) => applicableRegulations(detectDomain(text)).map((r) => r.id);

describe("detectDomain", () => {
  it("finds payments, a marketplace and the EU from a food marketplace in Lisbon", () => {
    const t = detectDomain("A marketplace app that connects home cooks with neighbours. Buyers pay in the app; the platform takes a 12% commission. Launching in Lisbon and Porto.");
    expect(t.has("payments")).toBe(true);
    expect(t.has("marketplace")).toBe(true);
    expect(t.has("food")).toBe(true);
    expect(t.region.eu).toBe(true);
    expect(t.region.countries).toContain("Portugal");
    expect(regs("Buyers pay by card. Launching in Lisbon.")).toEqual(expect.arrayContaining(["pci_dss", "gdpr", "psd2_sca"]));
  });

  it("finds health data, an EHR and the US for a clinic triage tool", () => {
    const text = "A symptom triage assistant for US urgent-care clinics; nurses confirm the suggested priority. It must integrate with the EHR over HL7 FHIR.";
    const t = detectDomain(text);
    expect(t.has("health")).toBe(true);
    expect(t.has("ehr_integration")).toBe(true);
    expect(t.has("clinical_decision")).toBe(true);
    expect(t.region.us).toBe(true);
    expect(regs(text)).toEqual(expect.arrayContaining(["hipaa", "hl7_fhir"]));
  });

  it("finds real-time play in a classroom quiz, and children only where the person says so", () => {
    const t = detectDomain("A live multiplayer quiz game for classrooms: students join from their phones, a leaderboard updates after every answer.");
    expect(t.has("realtime")).toBe(true);
    // "classrooms" and "students" only hint at children: asked about, never stated.
    expect(t.has("minors")).toBe(false);
    expect(t.unsure.has("minors")).toBe(true);
    expect(detectDomain("A quiz for classrooms. Students are 11 to 14.").has("minors")).toBe(true);
    expect(detectDomain("A homework app for 9-year-olds.").has("minors")).toBe(true);
    expect(detectDomain("A shop open 9 to 17 for students.").has("minors")).toBe(false);
    expect(regs("A live quiz for classrooms in US schools where pupils join with a code.")).toEqual(expect.arrayContaining(["coppa"]));
    expect(regs("A live quiz for classrooms in Germany where pupils join with a code.")).toEqual(expect.arrayContaining(["gdpr_children"]));
    // Where nothing places the users, no regional law is asserted: the team asks instead.
    expect(regs("A live quiz for classrooms where pupils join with a code.")).not.toEqual(expect.arrayContaining(["coppa"]));
  });

  it("finds internal tooling and incident work", () => {
    const t = detectDomain("An internal runbook tool for a 30-person SRE team: searchable runbooks in markdown, checklists during incidents.");
    expect(t.has("internal_tool")).toBe(true);
    expect(t.has("incident_ops")).toBe(true);
    expect(t.has("search")).toBe(true);
    expect(t.has("markdown")).toBe(true);
  });

  it("ignores negated mentions", () => {
    const t = detectDomain("A recipe notebook for one person. No payments, and we don't need real-time sync.");
    expect(t.has("payments")).toBe(false);
    expect(t.has("realtime")).toBe(false);
  });

  it("does not treat university students as minors", () => {
    expect(detectDomain("A study planner for university students in their classes").has("minors")).toBe(false);
  });

});

describe("a café is a venue first", () => {
  it("a repair café serves no food; a café with a menu does", () => {
    expect(detectDomain("A booking app for a neighbourhood repair café run by volunteers: visitors bring broken items.").has("food")).toBe(false);
    expect(detectDomain("Ordering for our café: guests pick from the menu and pay at the table.").has("food")).toBe(true);
  });
});

// Written for this test (a scout group, a climbing wall): in no corpus.
describe("card payments are asserted only where the person said so", () => {
  it("asks how people pay when no method was named, and applies PCI DSS when cards were", () => {
    const ids = (text: string) => applicableRegulations(detectDomain(text)).map((r) => r.id);
    expect(ids("Scout leaders plan camps and parents pay the camp fee online.")).not.toContain("pci_dss");
    expect(ids("Climbers buy day passes and pay by card at the wall's kiosk in the app.")).toContain("pci_dss");
    expect(ids("Climbers buy day passes through a Stripe checkout.")).toContain("pci_dss");
  });

  it("takes tenants who rent flats for no multi-tenant product, and a SaaS for one", () => {
    expect(detectDomain("Tenants report leaks and the landlord sends a plumber.").has("multi_tenant")).toBe(false);
    expect(detectDomain("A SaaS where each agency is a tenant with its own workspace.").has("multi_tenant")).toBe(true);
  });

  it("counts nothing done today with a tool they keep as a need of the product", () => {
    expect(detectDomain("Riders book a repair. We already take card payments with a terminal.").has("payments")).toBe(false);
    expect(detectDomain("Riders book a repair and pay by card in the app.").has("payments")).toBe(true);
  });
});
