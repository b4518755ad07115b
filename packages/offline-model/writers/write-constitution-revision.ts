// constitution.revise: apply the person's change to the current articles — remove,
// add, rename, change a number, or amend the text — and return the whole set.
import { constitutionOutput, type ConstitutionOutput } from "@inception-party/protocol";
import type { ProjectContext } from "../context";
import { capitalize, normalizeSpace, stripTrailingPunct, titleCase, truncate } from "../text-utils";
import { parseChangeRequest } from "../reading/change-request";
import { art, writeConstitution, type Article } from "./write-constitution";

const ROMAN: Record<string, number> = { i: 1, ii: 2, iii: 3, iv: 4, v: 5, vi: 6, vii: 7, viii: 8, ix: 9, x: 10, xi: 11, xii: 12, xiii: 13, xiv: 14, xv: 15, xvi: 16 };
const STOP = new Set(["article", "the", "and", "for", "with", "from", "that", "this", "about", "change", "should", "please", "make", "into", "than", "more", "less"]);

function targetIndex(articles: Article[], change: string): number {
  const num = /\barticle\s+(\d{1,2}|[ivx]{1,5})\b/i.exec(change) ?? /#(\d{1,2})\b/.exec(change);
  if (num) {
    const n = /^\d+$/.test(num[1]) ? Number(num[1]) : ROMAN[num[1].toLowerCase()];
    if (n >= 1 && n <= articles.length) return n - 1;
  }
  const words = change.toLowerCase().match(/[a-z]{4,}/g)?.filter((w) => !STOP.has(w)) ?? [];
  const scores = articles.map((a) => {
    const title = a.title.toLowerCase();
    const text = `${title} ${a.summary.toLowerCase()}`;
    return words.reduce((s, w) => s + (title.includes(w) ? 3 : text.includes(w) ? 1 : 0), 0);
  });
  // The first article with the best score, if it scores at least 2.
  const best = Math.max(0, ...scores);
  return best >= 2 ? scores.indexOf(best) : -1;
}

/** The person's change, split into operations ("remove article 3 and add one about accessibility" is two), each applied in turn to the articles; a forbid becomes an article that rules the thing out. */
export function writeConstitutionRevision(ctx: ProjectContext): ConstitutionOutput {
  const text = normalizeSpace(ctx.section("user_changes") || ctx.answers);
  const { ops } = parseChangeRequest(text);
  // The draft in the prompt (the articles, or a bare list of them), else the one this model would have written.
  const current = ctx.json("current_draft", constitutionOutput, (v) => (Array.isArray(v) ? { articles: v } : v))?.articles ?? writeConstitution(ctx).articles;
  let articles = current.map((a) => ({ ...a }));
  if (ops.length <= 1 && !ops.some((o) => o.op === "forbid")) return { articles: reviseOnce(articles, text, ctx) };
  for (const op of ops) {
    if (op.op !== "forbid") articles = reviseOnce(articles, op.text, ctx);
    // A sixteenth article is the limit: a ban past it is not added.
    else if (articles.length < 16) articles.push(art(`No ${titleCase(op.target)}`, `${capitalize(op.target)} is not used in this project.`, `Ruled out by the person during the constitution review${op.reason ? ` (${op.reason})` : ""}: no change may introduce ${op.target}. A reviewer rejects any change that does, and the architecture overview records it as a rejected alternative.`, false));
  }
  return { articles };
}

/** One change applied to the articles (in place), which are returned. */
function reviseOnce(articles: Article[], rawChange: string, ctx: ProjectContext): Article[] {
  const change = normalizeSpace(rawChange);
  if (!change) return articles;
  const i = targetIndex(articles, change);

  const add = /\b(add|new|include|introduce)\b.*\barticle\b|\barticle\b.*\b(about|on|for)\b.*\b(add|new)\b/i.test(change) || (/\b(add|new)\b/i.test(change) && i < 0);
  if (/\b(remove|delete|drop|get rid of)\b/i.test(change) && i >= 0 && articles.length > 5) {
    articles.splice(i, 1);
    return articles;
  }
  if (add && articles.length < 16) {
    const topic = /\b(?:about|on|for|covering|requiring)\s+(.+)$/i.exec(change)?.[1] ?? change;
    const title = titleCase(stripTrailingPunct(topic).split(/\s+/).slice(0, 5).join(" "));
    articles.push(art(title, capitalize(stripTrailingPunct(topic)) + ".", `Added at the team's request: ${capitalize(stripTrailingPunct(change))}. It applies to every change from now on and is checked in code review like the other articles.`, ctx.regulations.some((r) => change.toLowerCase().includes(r.name.split(" ")[0].toLowerCase()))));
    return articles;
  }
  if (i < 0) {
    if (articles.length < 16) articles.push(art("Team Agreement", capitalize(stripTrailingPunct(change)) + ".", `Agreed during the constitution review: ${capitalize(stripTrailingPunct(change))}. It applies to every change and is checked in code review.`, false));
    return articles;
  }
  const a = articles[i];
  const rename = /\brename\b.*\bto\s+["“]?([^"”]+?)["”]?\s*$/i.exec(change);
  if (rename) {
    a.title = titleCase(rename[1]);
    return articles;
  }
  const to = /\bto\s+(\d+(?:\.\d+)?)\s*%/i.exec(change);
  const from = /\bfrom\s+(\d+(?:\.\d+)?)\s*%/i.exec(change);
  if (to) {
    const target = from?.[1] ?? /(\d+(?:\.\d+)?)%/.exec(`${a.summary} ${a.body}`)?.[1];
    if (target) {
      const re = new RegExp(`\\b${target.replace(".", "\\.")}%`, "g");
      a.summary = a.summary.replace(re, `${to[1]}%`);
      a.body = a.body.replace(re, `${to[1]}%`);
      return articles;
    }
  }
  // Shorten the original rather than cut the amendment: the change is what was asked for.
  const amendment = ` Amendment: ${truncate(capitalize(stripTrailingPunct(change)), 500)}.`;
  a.body = `${truncate(a.body, 1200 - amendment.length)}${amendment}`;
  return articles;
}
