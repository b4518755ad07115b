// The verbs whose doing is itself a record: "members reserve plots" makes a Reservation.
import type { Clause } from "./read-clauses";

/** Verb → the record it creates when people do it. */
export const ACT_RECORDS: Record<string, string> = {
  reserve: "reservation", book: "booking", swap: "swap", exchange: "exchange", trade: "trade", order: "order", rent: "rental",
  borrow: "loan", lend: "loan", pay: "payment", donate: "donation", review: "review", rate: "rating", enrol: "enrolment",
  enroll: "enrollment", register: "registration", subscribe: "subscription", apply: "application", vote: "vote",
  comment: "comment", request: "request", ship: "shipment", deliver: "delivery", invite: "invitation", attend: "attendance",
  submit: "submission", bid: "bid", sell: "sale", buy: "purchase", claim: "claim", check: "check-in", visit: "visit",
  report: "report", hire: "hire", schedule: "schedule", adopt: "adoption", sign: "signup", volunteer: "volunteer shift",
};

/** Verbs that make their record only with their particle: "check in" is a check-in, "check the statement" none. */
const PARTICLE: Record<string, string> = { check: "in", sign: "up" };

/** The record a clause's act makes, if any. */
export function actRecord(c: Clause): string | undefined {
  const record = c.verb ? ACT_RECORDS[c.verb] : undefined;
  const particle = c.verb ? PARTICLE[c.verb] : undefined;
  if (!record || !particle) return record;
  return new RegExp(`\\b${c.verb}\\w*(?:[- ]+\\w+){0,3}?[- ]${particle}\\b`, "i").test(c.text) ? record : undefined;
}
