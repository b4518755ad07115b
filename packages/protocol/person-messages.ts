// What the person said into the room, as agents read it in the `person_messages`
// section: one block per message, oldest first, naming whom it was addressed to. The
// orchestrator writes it; the offline model reads it back with the same module.

export interface PersonMessage {
  /** The agent's display name, or null when said to everyone. */
  to: string | null;
  text: string;
}

const HEAD = /^THE PERSON \(to (everyone|[^)]+)\):$/;

export function formatPersonMessages(messages: readonly PersonMessage[]): string {
  return messages.map((m) => `THE PERSON (to ${m.to ?? "everyone"}):\n${m.text.trim()}`).join("\n\n");
}

export function parsePersonMessages(section: string): PersonMessage[] {
  const out: PersonMessage[] = [];
  for (const line of section.split("\n")) {
    const head = HEAD.exec(line.trim());
    if (head) out.push({ to: head[1] === "everyone" ? null : head[1], text: "" });
    else if (out.length) out[out.length - 1].text += `${out[out.length - 1].text ? "\n" : ""}${line}`;
  }
  return out.map((m) => ({ ...m, text: m.text.trim() })).filter((m) => m.text);
}
