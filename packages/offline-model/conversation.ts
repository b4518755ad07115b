// The phase's earlier messages, as the engine lays them out in <conversation>:
// "FROM ZARA → LIAM:\nSECURITY CRITIQUE: …". Read back so a turn can answer
// what teammates actually said.

export interface ConversationMessage {
  from: string;
  to?: string;
  body: string;
}

const HEADER = /^FROM\s+([^\n:→>-][^\n:→]*?)(?:\s*(?:→|->)\s*([^\n:]+?))?\s*:\s*$/gm;

export function parseConversation(text: string | undefined): ConversationMessage[] {
  if (!text) return [];
  const heads = [...text.matchAll(HEADER)];
  if (!heads.length) return text.trim() ? [{ from: "unknown", body: text.trim() }] : [];
  return heads.map((h, i) => ({
    from: h[1].trim().toLowerCase(),
    to: h[2]?.trim().toLowerCase(),
    body: text.slice(h.index + h[0].length, heads[i + 1]?.index ?? text.length).trim(),
  }));
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
