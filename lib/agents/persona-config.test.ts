import { describe, expect, it } from "vitest";
import defaults from "./party-personas.json";
import { defaultPersonaConfig, parsePersonaConfig, phaseTeam } from "./persona-config";
import { personaContextBlock } from "./persona-context";

const copy = () => structuredClone(defaults) as { personas: Record<string, Record<string, unknown>> } & Record<string, unknown>;

describe("the persona file", () => {
  it("puts each persona in its phase's team, in file order", () => {
    const cfg = defaultPersonaConfig();
    expect([1, 2, 3].map((n) => phaseTeam(cfg, n as 1 | 2 | 3))).toEqual([
      ["nadia", "oscar", "tessa"],
      ["liam", "zara", "felix"],
      ["architect", "data_modeler", "test_strategist"],
    ]);
  });

  it("refuses a field nothing reads, and a phases section (PARTY_PHASES declares the phases)", () => {
    const extra = copy();
    extra.personas.nadia.agent_id = "D7";
    expect(() => parsePersonaConfig(extra)).toThrow(/\$\.personas\.nadia: .*agent_id/);
    const phases = { ...copy(), phases: { "1": { name: "Vision Council" } } };
    expect(() => parsePersonaConfig(phases)).toThrow(/party-personas\.json \$: .*phases/);
  });

  it("refuses a fourth live agent in a phase, naming the persona", () => {
    const four = copy();
    four.personas.nina = { ...four.personas.nadia, name: "Nina" };
    expect(() => parsePersonaConfig(four)).toThrow("party-personas.json $.personas.nina.phase: at most 3 agents may be live at once");
  });

  it("gives each Vision Council member its own question domains, and the phase's name from PARTY_PHASES", () => {
    const cfg = defaultPersonaConfig();
    const nadia = personaContextBlock(cfg, "nadia", 1)!;
    expect(nadia).toContain("  Question Domains: user problems, pain points, success metrics, target audience\n  Phase: Vision Council\n");
    expect(personaContextBlock(cfg, "oscar", 1)).toContain("Question Domains: industry context, regulations");
    // A persona with no domains gets no empty line for them.
    expect(personaContextBlock(cfg, "liam", 2)).not.toContain("Question Domains");
    expect(personaContextBlock(cfg, "architect", 3)).toBeNull();
  });
});
