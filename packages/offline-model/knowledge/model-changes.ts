// Change operations that touch the data model: "add an Announcement entity with a
// title, body and publish date" becomes an entity definition (fields from the details,
// a link to the person who writes it); "we won't take payments" takes money out;
// "drop the Swap table" removes one. Operations about anything else are left for the
// stack or the document.
import type { ChangeOp } from "../reading/change-request";
import type { Reading } from "../reading/read-project";
import { singularNoun } from "../reading/nlp";
import { pascal, snake } from "../text-utils";
import type { EntityDef } from "./entity-catalog";
import { fieldSpec } from "./named-entities";

export interface ModelChanges {
  add: EntityDef[];
  remove: string[];
  noMoney: boolean;
  /** Operations this module does not handle. */
  rest: ChangeOp[];
}

const MONEY = /\b(?:payments?|money|prices?|pricing|fees?|cards?|checkout|billing|invoices?|subscriptions?|commissions?|charges?)\b/i;
const ENTITY_WORDS = /\s+(?:entity|entities|table|tables|model|record|records|type)$/i;


export function modelChanges(ops: ChangeOp[], reading: Reading, known: string[]): ModelChanges {
  const out: ModelChanges = { add: [], remove: [], noMoney: false, rest: [] };
  for (const op of ops) {
    const target = op.target.trim();
    if ((op.op === "forbid" || op.op === "remove") && MONEY.test(target)) {
      out.noMoney = true;
      continue;
    }
    const entityish = ENTITY_WORDS.test(target) || op.details.length > 0;
    const name = pascal(singularNoun(target.replace(ENTITY_WORDS, "")));
    if ((op.op === "remove" || op.op === "forbid") && (entityish || known.includes(name))) {
      out.remove.push(name);
      continue;
    }
    if (op.op === "add" && entityish && /^[A-Za-z][A-Za-z ]{1,40}$/.test(target.replace(ENTITY_WORDS, ""))) {
      const noMoney = reading.noMoney || out.noMoney;
      // (Without money, a price the person listed is left out.)
      const fields = op.details.map(fieldSpec).filter((f): f is [string, string] => Boolean(f) && !(noMoney && f![1] === "money")).map(([n, t]) => `${n}:${t}`);
      const author = reading.actors[0];
      // Other entities named in the details become links ("with a plot" → plot_id).
      const links = op.details.map((d) => pascal(singularNoun(d.replace(/^(?:a|an|the)\s+/i, "")))).filter((n) => known.includes(n) && n !== name);
      out.add.push({
        name,
        match: [],
        purpose: `A ${target.replace(ENTITY_WORDS, "").toLowerCase()} as you described it${op.details.length ? `, with ${op.details.join(", ")}` : ""}`,
        fields: (fields.filter((f) => !links.some((l) => f.startsWith(`${snake(l)}:`))).join("; ") || "name:string; description:text?"),
        refs: [...links.map((l) => `${l}:has`), `User:writes@${snake(author ?? "author")}_id`],
      });
      continue;
    }
    out.rest.push(op);
  }
  return out;
}
