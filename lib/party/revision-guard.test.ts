import { describe, expect, it } from "vitest";
import { guardRevision, requestedNames } from "./revision-guard";

const entity = (name: string, fields: string[]) =>
  [`### ${name}`, "", `A ${name.toLowerCase()} of the shop. Table \`${name.toLowerCase()}s\`.`, "", "| Field | Type | Constraints |", "| --- | --- | --- |", "| `id` | uuid | PK |", ...fields.map((f) => `| \`${f}\` | text | not null |`), "| `created_at` | timestamptz | not null |", ""].join("\n");

const BASE = [
  "# Data Model — Bakery",
  "",
  "An online bakery that takes pre-orders for pickup. 3 entities on PostgreSQL 17.",
  "",
  "## Entities",
  "",
  entity("Customer", ["name", "phone"]),
  entity("Order", ["customer_id", "pickup_at", "status"]),
  entity("Coupon", ["code", "percent_off"]),
  "## Relationships",
  "",
  "- A Customer places many Orders (`Order.customer_id` → `Customer.id`).",
  "- An Order may use one Coupon.",
  "",
].join("\n");

/** `sub` appears in `all` in the same order (other lines may sit between). */
function inOrder(sub: string[], all: string[]): boolean {
  let i = 0;
  for (const line of all) if (i < sub.length && line === sub[i]) i++;
  return i === sub.length;
}

const ADD_FOUR = "Add four entities: Voucher, Refund, Invoice and DriverShift.";
const NEW = ["Voucher", "Refund", "Invoice", "DriverShift"].map((n) => entity(n, ["order_id"])).join("\n");

describe("requestedNames", () => {
  it("are the named things the base does not have yet", () => {
    expect(requestedNames(ADD_FOUR, BASE)).toEqual(["Voucher", "Refund", "Invoice", "DriverShift"]);
    expect(requestedNames("Send reminders by SMS and keep `audit_log` rows.", BASE)).toEqual(["SMS", "audit_log"]);
  });

  it("are none for plain words or things the base already has", () => {
    expect(requestedNames("Make it shorter and clearer.", BASE)).toEqual([]);
    expect(requestedNames("Add an index on every foreign key.", BASE)).toEqual([]);
    expect(requestedNames("Remove the Coupon entity.", BASE)).toEqual([]);
  });
});

describe("guardRevision", () => {
  it("keeps what a revision added and puts back what it dropped unasked, where it was", () => {
    // The model added the four entities but lost the Coupon entity and a relationship on the way.
    const draft = BASE.replace(entity("Coupon", ["code", "percent_off"]), NEW + "\n").replace("- An Order may use one Coupon.\n", "");
    const v = guardRevision({ base: BASE, draft, feedback: ADD_FOUR });
    expect(v.kind).toBe("accept");
    if (v.kind !== "accept") return;
    // Every base line is back, in the base's order (where it was), and the four new sections stay.
    expect(inOrder(BASE.split("\n"), v.content.split("\n"))).toBe(true);
    for (const n of ["### Voucher", "### Refund", "### Invoice", "### DriverShift"]) expect(v.content).toContain(n);
    // The lost section comes back whole, not interleaved with a new one.
    expect(v.content).toContain(entity("Coupon", ["code", "percent_off"]));
    expect(v.restored).toBe(9); // the Coupon section's 8 non-blank lines and the relationship
    expect(v.notApplied).toEqual([]);
  });

  it("refuses a draft that only deleted lines: restored, it is the base again", () => {
    const draft = BASE.replace(entity("Order", ["customer_id", "pickup_at", "status"]), "");
    expect(guardRevision({ base: BASE, draft, feedback: ADD_FOUR })).toMatchObject({ kind: "reject", why: "unchanged", restored: 9 });
  });

  it("refuses a draft that adds none of the things the person named", () => {
    const draft = BASE.replace("## Relationships", entity("Four", ["order_id"]) + "\n## Relationships");
    expect(guardRevision({ base: BASE, draft, feedback: ADD_FOUR })).toMatchObject({ kind: "reject", why: "nothing-applied", notApplied: ["Voucher", "Refund", "Invoice", "DriverShift"] });
  });

  it("accepts part of a request and says which names are still missing", () => {
    const draft = BASE.replace("## Relationships", entity("Voucher", ["order_id"]) + "\n## Relationships");
    expect(guardRevision({ base: BASE, draft, feedback: ADD_FOUR })).toMatchObject({ kind: "accept", restored: 0, notApplied: ["Refund", "Invoice", "DriverShift"] });
  });

  it("lets a removal the person asked for go, section and mentions included", () => {
    const draft = BASE.replace(entity("Coupon", ["code", "percent_off"]), "").replace("- An Order may use one Coupon.\n", "").replace("3 entities", "2 entities");
    const v = guardRevision({ base: BASE, draft, feedback: "We don't do discounts: remove the Coupon entity." });
    expect(v).toMatchObject({ kind: "accept", restored: 0 });
    if (v.kind === "accept") expect(v.content).not.toContain("Coupon");
  });

  it("takes a reworded line as a change, not a loss", () => {
    const draft = BASE.replace("An online bakery that takes pre-orders for pickup. 3 entities on PostgreSQL 17.", "An online bakery that takes pre-orders for pickup and delivery. 3 entities on PostgreSQL 17.");
    expect(guardRevision({ base: BASE, draft, feedback: "Orders can be delivered too." })).toMatchObject({ kind: "accept", restored: 0 });
  });

  it("lets a request to shorten or rewrite drop lines", () => {
    const draft = BASE.replace("- An Order may use one Coupon.\n", "").replace(/\| `created_at` \| timestamptz \| not null \|\n/g, "");
    expect(guardRevision({ base: BASE, draft, feedback: "Shorten it: nobody reads the timestamps." })).toMatchObject({ kind: "accept", restored: 0 });
  });

  it("a line moved elsewhere is not lost", () => {
    const rel = "- An Order may use one Coupon.\n";
    const draft = BASE.replace(rel, "").replace("## Relationships\n\n", `## Relationships\n\n${rel}`).replace("3 entities", "three entities");
    expect(guardRevision({ base: BASE, draft, feedback: "Spell the count out." })).toMatchObject({ kind: "accept", restored: 0 });
  });
});
