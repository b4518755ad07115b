// The top of a party run: mode resolution, the chosen flow, the fallback to classic
// (docs/protocols.md: "Choosing the mode", "The failure policy"), and the shared exit.
// Waiting for the person surfaces as Suspend; everything else ends the party with a status.
import type { PartyContext } from "./agent-step";
import { runPartyMode, TEAM_NAME, type ModeOutcome } from "./party-mode";
import { Suspend } from "./runtime";
import { statedRequirements } from "./stated-requirements";
import type { PartyRecord } from "./store";
import type { Mode } from "../vocabulary";

export const MUTUAL_EXCLUSION_ERROR = "Error: --party and --classic are mutually exclusive. Use one or the other.";

export const MODE_MENU = `+==============================================================+
|  INCEPTION MODE                                              |
+==============================================================+

How would you like to set up your new project?

[1] Party Mode (Recommended)
    Launch an Inception Party — 3 specialist agents collaborate
    in parallel at each stage for richer, multi-perspective output

[2] Classic Mode
    Sequential single-agent flow (8 phases, one at a time)

Enter selection (1-2):`;

export type FlagMode = Mode | null;

/** Flags to mode; both flags is the spec's error. */
export function modeFromFlags(flags: readonly string[]): FlagMode {
  const party = flags.includes("--party");
  const classic = flags.includes("--classic");
  if (party && classic) throw new Error(MUTUAL_EXCLUSION_ERROR);
  return party ? "party" : classic ? "classic" : null;
}

export type ClassicRunner = (ctx: PartyContext, party: PartyRecord) => Promise<ModeOutcome>;

export type RunOutcome = { status: "suspended"; requestId: string } | { status: "completed" | "cancelled" | "failed" };

/**
 * Orchestrates one party: resolves its mode, runs party mode (falling back to classic
 * when the person asks) or classic mode, and ends it; "suspended" means it waits for the person.
 */
export async function orchestrateParty(ctx: PartyContext, party: PartyRecord, runClassic: ClassicRunner): Promise<RunOutcome> {
  try {
    let mode = party.mode ?? modeFromFlags(party.flags);
    if (!mode) {
      const pick = await ctx.rt.input("mode", {
        kind: "mode",
        title: "INCEPTION MODE",
        body: MODE_MENU,
        options: [
          { key: "1", label: "Party Mode (Recommended)" },
          { key: "2", label: "Classic Mode" },
        ],
        allowsText: false,
      });
      mode = pick.selection === "2" ? "classic" : "party";
      await ctx.rt.emit("mode", [{ type: "mode-resolved", data: { mode, via: "menu" } }]);
    } else {
      await ctx.rt.emit("mode", [{ type: "mode-resolved", data: { mode, via: "flag" } }]);
    }

    let outcome: ModeOutcome;
    if (mode === "party") {
      outcome = await runPartyMode(ctx, party);
      await ctx.rt.emit("party/team-delete", [{ type: "team-delete", data: { team_name: TEAM_NAME } }]);
      if (outcome.status === "fallback") {
        await ctx.rt.emit("fallback", [
          { type: "artifact-discard", data: { paths: ["*"], reason: "Falling back to classic mode: party mode artifacts are discarded." } },
          { type: "note", data: { kind: "info", phase: null, text: "Switching to classic mode. Starting from Phase 1." } },
          { type: "mode-resolved", data: { mode: "classic", via: "fallback" } },
        ]);
        outcome = await runClassic(ctx, party);
      }
    } else {
      outcome = await runClassic(ctx, party);
    }

    if (outcome.status === "completed") {
      await ctx.rt.emit("end", [
        { type: "party-status", data: { status: "completed", currentPhase: null } },
        { type: "party-end", data: { status: "completed", discovery_context: outcome.discoveryContext, requirements: statedRequirements(party.description, party.title) } },
      ]);
      return { status: "completed" };
    }
    const reason = outcome.status === "cancelled" ? outcome.reason : "Party mode could not continue.";
    await ctx.rt.emit("end", [
      { type: "party-status", data: { status: "cancelled", currentPhase: null } },
      { type: "party-end", data: { status: "cancelled", reason } },
    ]);
    return { status: "cancelled" };
  } catch (e) {
    if (e instanceof Suspend) return { status: "suspended", requestId: e.requestId };
    throw e;
  }
}
