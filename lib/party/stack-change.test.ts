import { describe, expect, it } from "vitest";
import type { ProposalOutput } from "@inception-party/protocol";
import { namesIn, replacedTechnologies, replacements, stalePassages, technologyNames, unhonouredParts } from "./stack-change";

const next: ProposalOutput = {
  architecture_pattern: "Modular monolith",
  language: { choice: "TypeScript", rationale: "one language end to end" },
  runtime: "Node.js 22 LTS",
  framework: { choice: "Next.js 16 (App Router)", rationale: "UI and API in one deployable" },
  database: { choice: "PostgreSQL 17 with Prisma ORM", rationale: "relational integrity" },
  additional: [
    { choice: "Vercel + Neon serverless PostgreSQL", rationale: "preview deployments" },
    { choice: "pg-boss (jobs stored in PostgreSQL)", rationale: "retries outside the request path" },
    { choice: "Rate limiting at the edge and per account", rationale: "slows credential stuffing" },
  ],
  test_runner: "Vitest + Playwright",
  package_manager: "pnpm",
};

const django: ProposalOutput = {
  ...next,
  language: { choice: "Python 3.13", rationale: "you asked for Django" },
  runtime: "CPython 3.13",
  framework: { choice: "Django 5.2 with HTMX", rationale: "server-rendered templates" },
  database: { choice: "PostgreSQL 17 with Django ORM", rationale: "relational integrity" },
  additional: [
    { choice: "Fly.io (Frankfurt)", rationale: "preview deployments" },
    { choice: "Celery with Redis", rationale: "retries outside the request path" },
    { choice: "Rate limiting at the edge and per account", rationale: "slows credential stuffing" },
  ],
  test_runner: "pytest + Playwright for Python",
  package_manager: "uv",
};

describe("what a stack change replaced", () => {
  it("reads names, not descriptions, from a stack's rows", () => {
    expect(namesIn("PostgreSQL 17 with Prisma ORM")).toEqual(["PostgreSQL", "Prisma"]);
    expect(namesIn("Next.js 16 (App Router)")).toEqual(["Next.js"]);
    expect(namesIn("Rate limiting at the edge and per account")).toEqual([]);
    expect(namesIn("pnpm")).toEqual(["pnpm"]);
    expect(technologyNames(next)).toContain("pg-boss");
  });

  it("lists the old stack's technologies the new one no longer names, and what took their place", () => {
    expect(replacedTechnologies(next, django)).toEqual(["TypeScript", "Node.js", "Next.js", "Prisma", "Vercel", "Neon", "pg-boss", "Vitest", "pnpm"]);
    expect(replacedTechnologies(next, next)).toEqual([]);
    const by = Object.fromEntries(replacements(next, django).map((r) => [r.name, r.by]));
    expect(by).toMatchObject({ TypeScript: "Python 3.13", "Next.js": "Django 5.2", Prisma: "Django", "pg-boss": "Celery with Redis", Vitest: "pytest", pnpm: "uv" });
  });

  it("finds the sentences that still build on a replaced technology, not those recording the change", () => {
    const md = "# Architecture\n\nThe UI is server-rendered by Next.js. Traces cover the database.\n\nDjango replaces Next.js, as you asked.\n- CI runs `pnpm test` on every pull request";
    expect(stalePassages(md, ["Next.js", "pnpm"])).toEqual([
      { name: "Next.js", sentence: "The UI is server-rendered by Next.js." },
      { name: "pnpm", sentence: "- CI runs `pnpm test` on every pull request" },
    ]);
    expect(stalePassages("Next.jsx and pg-boss-ui are other things.", ["Next.js", "pg-boss"])).toEqual([]);
  });

  it("lists what the revised stack does not carry out, with the team's own reason when it gave one", () => {
    const after = { ...django, framework: { choice: "Django 5.2 with Django REST Framework", rationale: "" } };
    expect(unhonouredParts("use Django with HTMX templates", after, "Kept the rest.")).toEqual([
      { name: "HTMX", reason: "the revised stack does not include HTMX, and the team gave no reason" },
    ]);
    expect(unhonouredParts("Use Django, and no Redis please", django, "Not applied: Redis stays, Celery needs a broker.")).toEqual([
      { name: "Redis", reason: "Not applied: Redis stays, Celery needs a broker." },
    ]);
    expect(unhonouredParts("use Django with HTMX instead of Next.js", django, "")).toEqual([]);
    // A sentence's first word is a name only when a stack names it.
    expect(unhonouredParts("Drop Redis. Replace Vitest with pytest.", { ...django, additional: [] }, "", next)).toEqual([]);
    expect(unhonouredParts("Please, Django. Svelte too.", next, "", next)).toEqual([
      { name: "Django", reason: "the revised stack does not include Django, and the team gave no reason" },
    ]);
  });
});
