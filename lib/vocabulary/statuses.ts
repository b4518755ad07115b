// A party's lifecycle, shared by the stores, the runner and the dashboard.
export const TERMINAL_STATUSES = ["completed", "failed", "cancelled"] as const;
export type TerminalStatus = (typeof TERMINAL_STATUSES)[number];

export const PARTY_STATUSES = ["pending", "in_progress", "awaiting_input", ...TERMINAL_STATUSES] as const;
export type PartyStatus = (typeof PARTY_STATUSES)[number];

/** A phase's lifecycle: a party's, without the wait for the person (the party waits, not its phase). */
export const PHASE_STATUSES = ["pending", "in_progress", ...TERMINAL_STATUSES] as const;
export type PhaseStatus = (typeof PHASE_STATUSES)[number];

/** A party in one of these states takes no more runs, and the dashboard shows it as finished. */
export function isTerminal(status: string): status is TerminalStatus {
  return (TERMINAL_STATUSES as readonly string[]).includes(status);
}
