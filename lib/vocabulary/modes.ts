// The two ways a party runs: party mode (a team per phase) and classic mode (one agent
// at a time). Every module that names a mode uses these.
export const MODES = ["party", "classic"] as const;
export type Mode = (typeof MODES)[number];

/** How the mode was chosen: a kickoff flag, the mode menu, or a fallback from party mode. */
export const MODE_SOURCES = ["flag", "menu", "fallback"] as const;
export type ModeSource = (typeof MODE_SOURCES)[number];

/** How a mode is named to the person: the mode menu, the badge, the kickoff. */
export const MODE_NAMES: Readonly<Record<Mode, string>> = { party: "Party Mode", classic: "Classic Mode" };

export function isMode(value: unknown): value is Mode {
  return (MODES as readonly unknown[]).includes(value);
}
