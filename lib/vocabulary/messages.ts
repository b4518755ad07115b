// Which messages a phase's message budget counts: the agents' own debate. The person's
// remarks, the replies they get and the orchestrator's notes sit outside it.
import { ORCHESTRATOR, PERSON } from "@inception-party/protocol";

export function countsAgainstBudget(m: { sender: string; type: string; replyTo?: readonly string[] }): boolean {
  return m.sender !== ORCHESTRATOR && m.sender !== PERSON && m.type !== "work" && !m.replyTo?.length;
}
