// A party's lifecycle, shared by the stores, the runner and the dashboard.
export const PARTY_STATUSES = ["pending", "in_progress", "awaiting_input", "completed", "failed", "cancelled"] as const;
export type PartyStatus = (typeof PARTY_STATUSES)[number];

export const TERMINAL_STATUSES = ["completed", "failed", "cancelled"] as const;
export type TerminalStatus = (typeof TERMINAL_STATUSES)[number];

/** A party in one of these states takes no more runs, and the dashboard shows it as finished. */
export function isTerminal(status: string): status is TerminalStatus {
  return (TERMINAL_STATUSES as readonly string[]).includes(status);
}
