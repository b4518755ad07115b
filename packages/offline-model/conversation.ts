// The phase's earlier messages, as the engine lays them out in <conversation>:
// "FROM ZARA → LIAM:\nSECURITY CRITIQUE: …". Read back so a turn can answer
// what teammates actually said.

export interface ConversationMessage {
  from: string;
  to?: string;
  body: string;
}

const HEADER = /^FROM\s+([^\n:→>-][^\n:→]*?)(?:\s*(?:→|->)\s*([^\n:]+?))?\s*:\s*$/gm;

/** A text cut at each match of a heading pattern (global, multiline): the match, and what follows it up to the next one. */
export const blocks = (text: string, heading: RegExp) => [...text.matchAll(heading)].map((h, i, all) => [h, text.slice(h.index + h[0].length, all[i + 1]?.index ?? text.length).trim()] as const);

export function parseConversation(text: string | undefined): ConversationMessage[] {
  if (!text) return [];
  const heads = blocks(text, HEADER);
  if (!heads.length) return text.trim() ? [{ from: "unknown", body: text.trim() }] : [];
  return heads.map(([h, body]) => ({ from: h[1].trim().toLowerCase(), to: h[2]?.trim().toLowerCase(), body }));
}

/** The latest message whose body starts with the given label ("SECURITY CRITIQUE"). */
export function findMessage(messages: ConversationMessage[], label: string): ConversationMessage | undefined {
  return [...messages].reverse().find((m) => m.body.toUpperCase().startsWith(label));
}

/** "Title: detail" lines between a label line and RECOMMENDATION. */
export function critiqueTitles(body: string): string[] {
  return body
    .split("\n")
    .slice(1)
    .map((l) => /^([^:\n]{3,120}):\s+\S/.exec(l.trim())?.[1])
    .filter((t): t is string => Boolean(t) && !/^(RECOMMENDATION|Deployment|Cost|DX)$/i.test(t!));
}
