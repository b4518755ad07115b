// The requirements the person stated in their description — channels, how people sign in,
// devices, availability, products to integrate with — read once when the party ends, so the
// end can say which of them no document covers. The reader is the built-in model's own
// (exported by @inception-party/offline-model), used here read-only: it is rules, not a
// model, so it works the same whichever model wrote the documents.
import { readRequirements } from "@inception-party/offline-model";
import type { StatedRequirement } from "../wire/events";

/** What the person asked the product to do or work with; a product they only compare with is not asked for. */
export function statedRequirements(description: string, title = ""): StatedRequirement[] {
  return readRequirements(description, title)
    .filter((r) => r.kind !== "product" || r.relation === "integrates")
    .map((r) => ({ kind: r.kind, name: r.name, said: r.said }));
}
