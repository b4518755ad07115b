// Edits to a finished markdown document, for a revision the person asked for or a
// critique's action items: add an entity (with its relations), take money out, take a
// ruled-out thing out, add a stated requirement. Each returns the new document or
// undefined when there was nothing to change, so the caller can say what it did.
import type { Relation } from "../knowledge/extract-entities";
import { escapeRegExp, plural, snake } from "../text-utils";

/** Append a block at the end of a `## Section`, before the next heading of that level. */
export function appendToSection(md: string, section: string, block: string): string {
  const re = new RegExp(`^##\\s+(?:\\d+\\.\\s*)?${escapeRegExp(section)}\\s*$`, "im");
  const m = re.exec(md);
  if (!m) return `${md.trimEnd()}\n\n## ${section}\n\n${block}\n`;
  const after = md.slice(m.index + m[0].length);
  const next = after.search(/^##\s/m);
  const end = next < 0 ? md.length : m.index + m[0].length + next;
  return `${md.slice(0, end).trimEnd()}\n\n${block}\n\n${md.slice(end)}`.replace(/\n{3,}/g, "\n\n");
}

/** The `### Name` block of a document, up to the next heading of level 2 or 3. */
export function entityBlock(md: string, name: string): string | undefined {
  const m = new RegExp(`^###\\s+${escapeRegExp(name)}\\s*$[\\s\\S]*?(?=^##\\s|^###\\s|(?![\\s\\S]))`, "m").exec(md);
  return m?.[0].trim();
}

/** An entity is modelled when it has a heading, a row of an entity table, or a bold entry of its own (a mention in passing is not enough). */
export function hasEntity(md: string, name: string): boolean {
  const n = escapeRegExp(name);
  return new RegExp(`^#{2,4}\\s+(?:\\d+\\.\\s*)?\`?${n}\`?\\b`, "m").test(md) || new RegExp(`^\\|\\s*\`?${n}\`?\\s*\\|`, "m").test(md) || new RegExp(`\\*\\*${n}\\*\\*`).test(md);
}

/** The document without the lines `drop` picks, blank runs closed up. */
export const withoutLines = (md: string, drop: (line: string) => boolean) =>
  md
    .split("\n")
    .filter((l) => !drop(l))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n");

export function removeEntity(md: string, name: string): string | undefined {
  const block = entityBlock(md, name);
  if (!block) return undefined;
  const table = snake(plural(name));
  return withoutLines(md.replace(block, ""), (l) => /^\s*-\s/.test(l) && (new RegExp(`\\b${escapeRegExp(name)}\\b`).test(l) || l.includes(`\`${table}`)));
}

const MONEY_ROW = /^\|\s*`(?:price|amount|total|subtotal|unit_price|currency|commission_amount|gross_amount|net_amount|payout_account_ref|provider_payment_id|provider_transfer_id)`|minor units/;
const MONEY_ENTITY = /^###\s+(Payment|Payout|Invoice|Subscription|Donation|Transaction|OrderItem)\s*$/m;

/** No money anywhere: payment tables, money columns, lines about a payment provider. */
export function removeMoney(md: string): string | undefined {
  let out = md;
  for (let m = MONEY_ENTITY.exec(out); m; m = MONEY_ENTITY.exec(out)) out = removeEntity(out, m[1]) ?? out.replace(m[0], "");
  out = withoutLines(out, (l) => MONEY_ROW.test(l) || /\b(?:Stripe|PCI DSS|payment provider|PSP|card data|chargeback|payout)\b/i.test(l));
  return out === md ? undefined : out;
}

/** Every line that uses a ruled-out thing goes; lines saying it was ruled out stay. */
export function removeMentions(md: string, term: string): string | undefined {
  const re = new RegExp(`(?<![A-Za-z0-9])${escapeRegExp(term)}(?![A-Za-z0-9])`, "i");
  const out = withoutLines(md, (l) => re.test(l) && !/ruled out|left out|not use|without/i.test(l));
  return out === md ? undefined : out;
}

/** A relation as one line of the Relationships section, as the data model writes it and as an edit adds it. */
export function relationLine(r: Relation): string {
  const a = /^[AEIO]|^U(?!s|n[ií]|r)/.test(r.to) ? "An" : "A";
  const verb = r.verb.replace(/_/g, " ");
  const link = `(\`${r.from}.${r.field}\` → \`${r.to}.id\`${r.optional ? ", optional" : ""}${r.oneToOne ? ", unique" : ""})`;
  return r.oneToOne ? `${a} ${r.to} ${verb === "is" ? "can be" : verb} at most one ${r.from} ${link}.` : `${a} ${r.to} ${verb} many ${plural(r.from)} ${link}.`;
}
