// Where sentences end, for every reader of prose in the product (the orchestrator merging
// the agents' positions, the offline model reading the person's words): one rule, so a
// version number or an abbreviation is never cut in two.
const ABBREVIATION = /\b(?:e\.g|i\.e|etc|approx|incl|vs|cf|mr|mrs|ms|dr|st|no)\.$/i;

/**
 * One line's sentences. A stop ends a sentence only before a space — "Python 3.13" and
 * "v2.1" stay whole — never inside parentheses, and not after "e.g." or "etc.".
 */
export function splitLine(line: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === "(") depth++;
    else if (ch === ")") depth = Math.max(0, depth - 1);
    else if (depth === 0 && /[.!?]/.test(ch)) {
      // A closing quote after the stop belongs to the sentence it ends.
      let end = i + 1;
      while (end < line.length && /["”’')]/.test(line[end])) end++;
      if (end < line.length && !/\s/.test(line[end])) continue;
      // ('they email "IMG_4411, maybe 4420?" which is a nightmare': a quotation's own stop, with the sentence going on in lower case, ends nothing.)
      if (end > i + 1 && /^\s+\p{Ll}/u.test(line.slice(end))) continue;
      const piece = line.slice(start, end);
      i = end - 1;
      if (ch === "." && ABBREVIATION.test(piece)) continue;
      out.push(piece.trim());
      start = i + 1;
    }
  }
  if (line.slice(start).trim()) out.push(line.slice(start).trim());
  // "Hola! I coordinate…": an exclamation of a word or two that opens a line is a greeting, not a sentence.
  if (out.length > 1 && /^(?!(?:no|not|never)\b)[\p{L}'’]+(?:\s+[\p{L}'’]+)?!$/iu.test(out[0])) out.shift();
  return out.filter(Boolean);
}

/** The sentences of a text: each line's, trimmed, empty ones dropped. */
export function splitSentences(text: string): string[] {
  return text.split(/\n+/).flatMap(splitLine);
}
