// Each requirement the person stated (reading/requirements.ts), carried into every
// document where it matters: the brief quotes it, the architecture says how the design
// meets it, the test strategy names the test that proves it. One place per kind, so a
// requirement is never said in one document and forgotten in the next.
import type { Requirement } from "../reading/requirements";
import { capitalize, quote } from "../text-utils";
import type { CriticalPath } from "./critical-paths";

/** "SMS reminders": the channel with the noun the person put after it, if any. */
function channelUse(r: Requirement): string {
  const m = new RegExp(`${r.name.replace(/[-/]/g, ".?")}\\s+([a-z]+s)\\b`, "i").exec(r.said);
  return m ? `${r.name} ${m[1].toLowerCase()}` : `${r.name} messages`;
}

/** The brief's line: what the person requires, in their words. */
export function briefLine(r: Requirement): string {
  const said = quote(r.said, 200);
  switch (r.kind) {
    case "channel":
      return `${capitalize(channelUse(r))} — as you said: ${said}`;
    case "identity":
      return r.name === "phone number" || r.name === "no account" ? `No account to create — as you said: ${said}` : `Sign-in by ${r.name} — as you said: ${said}`;
    case "device":
      return `Used on ${r.name === "phone" ? "phones" : `${r.name}s`} — as you said: ${said}`;
    case "availability":
      return `${r.name === "offline" ? "Keeps working when the connection drops" : "Available 24/7"} — as you said: ${said}`;
    case "product":
      return `${r.name} — ${r.relation === "integrates" ? "it must work with it" : r.relation === "compares" ? "what it is measured against" : "what you use today"}: ${said}`;
  }
}

/** The architecture's line: how the design meets it. */
export function architectureLine(r: Requirement): string {
  switch (r.kind) {
    case "channel":
      return `${capitalize(channelUse(r))}: sent through ${r.name === "e-mail" ? "a transactional e-mail service" : `an ${r.name} provider`} behind one interface (chosen at build time, swappable); a scheduled job sends what is due, each message's delivery status is stored, failures are retried, and people can opt out.`;
    case "identity":
      return r.name === "phone number"
        ? "Identity by phone number: no account and no password; a person gives a phone number, a one-time code sent by SMS confirms it, and their records hang off that number."
        : r.name === "no account"
          ? "No accounts for the people served: what they do is tied to the contact detail they give, confirmed by a one-time code; only staff sign in."
          : `Sign-in through ${r.name}: no local passwords; roles come from the identity provider's groups.`;
    case "device":
      return `On ${r.name === "phone" ? "phones" : `${r.name}s`}: the screens people use there are laid out for its size and touch, and tested at its viewport.`;
    case "availability":
      return r.name === "offline"
        ? "Keeps working when the connection drops: the screens that must go on keep a local copy and a queue of changes, show what is not yet synced, and sync in order when the connection returns."
        : "Available 24/7: no maintenance window; deploys roll without downtime, and an alert reaches someone when a health check fails.";
    case "product":
      return r.relation === "integrates"
        ? `${r.name}: an adapter to its API behind one interface, so ${r.name} being slow or down never blocks people here; calls are retried from an outbox.`
        : `${r.name}: ${r.relation === "compares" ? "the product people will compare this with" : "what you use today"} — ${r.relation === "compares" ? "its flows set expectations" : "existing records are imported at launch and the switch-over is planned with a date"}.`;
  }
}

/** The test that proves it, for the test strategy's critical paths; undefined when no journey depends on it. */
export function criticalPathFor(r: Requirement): CriticalPath | undefined {
  switch (r.kind) {
    case "channel":
      return { name: capitalize(channelUse(r)), mustHold: `each ${channelUse(r)} goes out once, when it is due (a fake clock drives the job), through a fake ${r.name} gateway in tests; a failed send is retried and reported; nobody who opted out gets one`, level: "integration" };
    case "identity":
      return r.name === "phone number" || r.name === "no account"
        ? { name: "Using it without an account", mustHold: "a person completes the main journey with a phone number and a one-time code; no account or password is created; a wrong or expired code is refused", level: "e2e" }
        : { name: `Sign-in through ${r.name}`, mustHold: "sign-in works only through the identity provider; its groups map to roles", level: "e2e" };
    case "device":
      return { name: `Screens on ${r.name === "phone" ? "a phone" : `a ${r.name}`}`, mustHold: `the screens used on a ${r.name} work at its viewport and with touch`, level: "e2e" };
    case "availability":
      return r.name === "offline" ? { name: "Working through a dropped connection", mustHold: "with the network cut, the screens that must go on keep working and nothing entered is lost; changes sync once, in order, when it returns", level: "e2e" } : undefined;
    case "product":
      return r.relation === "integrates" ? { name: `${r.name} integration`, mustHold: `requests to ${r.name} match its API contract (recorded fixtures); its outage queues work instead of failing people's requests`, level: "contract" } : r.relation === "uses" ? { name: `Import from ${r.name}`, mustHold: `records exported from ${r.name} import without loss or duplicates, and a second import changes nothing`, level: "integration" } : undefined;
  }
}

/** "Kids under 16 need a parent's sign-off on the waiver" → "Kids under 16 need a parent's sign-off". */
function ruleName(rule: string): string {
  const first = rule.split(/[,;:—–]|\s-\s/)[0].replace(/[.!?]+$/, "").trim();
  return capitalize(first.length <= 70 ? first : `${first.slice(0, 67).replace(/\s+\S*$/, "")}…`);
}

/** A rule the person stated, as the test that proves the product enforces it. */
export function ruleCriticalPath(rule: string): CriticalPath {
  return { name: ruleName(rule), mustHold: `as you said, ${quote(rule, 220)} — enforced by the server, and the case that breaks it is refused with a clear message`, level: "integration" };
}

/** A rule the person stated, in the architecture: where it is enforced. */
export function ruleArchitectureLine(rule: string): string {
  return `${quote(rule, 220)} — a rule of the domain module that owns it, checked on the server for every request, never only in the screens.`;
}
