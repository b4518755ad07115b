import { describe, expect, it } from "vitest";
import type { ProposalOutput } from "@inception-party/protocol";
import { stackCard } from "./stack-card";

const before: ProposalOutput = {
  architecture_pattern: "Modular monolith",
  language: { choice: "Python 3.13", rationale: "the team knows it" },
  runtime: "CPython",
  framework: { choice: "Django 5.2", rationale: "batteries included" },
  database: { choice: "PostgreSQL 17 with PostGIS", rationale: "relational, with distance queries" },
  additional: [
    { choice: "Kubernetes (EKS)", rationale: "the platform team runs it" },
    { choice: "Sentry", rationale: "errors with release tags" },
  ],
  test_runner: "pytest",
  package_manager: "uv",
};

describe("stackCard", () => {
  it("shows the first card without arrows", () => {
    expect(stackCard(before, "UNANIMOUS", [])).not.toMatch(/→|\(new\)|\(removed\)/);
  });

  it("re-presented after changes: changed rows as before → after, new and removed services", () => {
    const after: ProposalOutput = {
      ...before,
      language: { choice: "TypeScript 5", rationale: "you asked for it" },
      database: { choice: "PostgreSQL 17", rationale: "without PostGIS, as you asked" },
      additional: [
        { choice: "a managed container platform (Fly.io or Render)", rationale: "no cluster to run" },
        { choice: "Sentry", rationale: "errors with release tags" },
      ],
    };
    const card = stackCard(after, "REVISED FOR YOUR CHANGES", ["", "WHAT CHANGED: Database: PostgreSQL 17 with PostGIS → PostgreSQL 17"], before);
    expect(card).toContain("Language:    Python 3.13 → TypeScript 5");
    expect(card).toContain("Framework:   Django 5.2\n");
    expect(card).toContain("Database:    PostgreSQL 17 with PostGIS → PostgreSQL 17");
    expect(card).toContain("(new) a managed container platform (Fly.io or Render) — no cluster to run");
    expect(card).toContain("(removed) Kubernetes (EKS)");
    expect(card).not.toContain("(removed) Sentry");
    expect(card).toContain("WHAT CHANGED: Database:");
  });
});
