// How a call's sections become its prompt: the most shared part first, so a provider's
// prefix cache serves what agents and phases have in common (docs/models.md).
import { describe, expect, it } from "vitest";
import { defaultPersonaConfig } from "../agents/persona-config";
import { parsePrompt, type Sections, type TaskKey } from "@inception-party/protocol";
import { buildPrompt, type AgentCall, type PartyContext } from "./agent-step";
import { economize } from "./context-digest";

const ctx = { personas: defaultPersonaConfig() } as PartyContext;
const STACK = JSON.stringify({ architecture_pattern: "Modular monolith", primary_language: "TypeScript" }, null, 2);
const CONTEXT: Sections = { project_description: "A booking app for climbing gyms.", project_brief: "# Brief\n\n## Problem Statement\nGyms overbook.", tech_stack: STACK };

const call = (agent: string, task: TaskKey, sections: Sections, extra: Partial<AgentCall<TaskKey>> = {}): AgentCall<TaskKey> => ({
  key: `k/${agent}`,
  agent,
  phase: 2,
  task,
  sections,
  recipient: null,
  type: "message",
  ...extra,
});

const text = (p: ReturnType<typeof buildPrompt>) => [p.system, p.context, p.material, p.task].filter(Boolean).join("\n\n");

describe("buildPrompt", () => {
  it("lays a call out from the most shared part to the least: rules, party context, material, then the agent", () => {
    const conversation = "LIAM: PROPOSAL: …";
    // Two agents of one round, whose phase file wrote the sections in different orders.
    const zara = buildPrompt(ctx, call("zara", "stack.position", { conversation, ...CONTEXT }));
    const felix = buildPrompt(ctx, call("felix", "stack.position", { tech_stack: STACK, project_brief: CONTEXT.project_brief, project_description: CONTEXT.project_description, conversation }));
    expect(zara.system).toBe(felix.system);
    expect(zara.context).toBe(felix.context);
    expect(zara.material).toBe(felix.material);
    expect(zara.system).not.toMatch(/Zara|Felix/);
    expect(zara.context).toMatch(/^THE PROJECT SO FAR:/);
    expect(zara.material).toContain(`<conversation>\n${conversation}\n</conversation>`);
    // The agent comes last: one persona line, the persona block (phases 1-2), header, instruction, reminder.
    expect(zara.task.split("\n")[0]).toBe("You are Zara, Security Advisor.");
    expect(zara.task).toContain("PERSONA_CONTEXT:");
    expect(zara.task).toMatch(/TASK: stack\.position\nAGENT: zara/);
    expect(zara.task).toMatch(/YOUR TASK: Do you agree with the final stack[\s\S]*REMEMBER: Do you agree/);
    expect(felix.task.split("\n")[0]).toBe("You are Felix, DevOps Pragmatist.");
  });

  it("keeps what belongs to one agent in its own part, and the whole prompt reads back as the sections it was given", () => {
    const sections: Sections = { ...CONTEXT, current_draft: "# Architecture\n\n## Overview\nA monolith.", review_feedback: "Suggestion: add a queue." };
    const p = buildPrompt(ctx, call("architect", "blueprint.finalize", sections, { phase: 3, artifactPath: "docs/architecture/architecture-overview.md" }));
    expect(p.material).toBeUndefined();
    expect(p.task).toContain("<review_feedback>");
    expect(p.task).toContain("<current_draft>");
    expect(p.context).not.toContain("<current_draft>");
    const parsed = parsePrompt(text(p));
    expect(parsed.header).toEqual({ task: "blueprint.finalize", agent: "architect", artifact: "docs/architecture/architecture-overview.md" });
    expect(parsed.sections).toEqual(economize("blueprint.finalize", sections));
  });
});
