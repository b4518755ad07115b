// The team's questions for the person: the cross-questions of the Vision Council's
// debate, the open questions of the final positions (contradictions among them), and the
// questions agents ask back when they cannot tell what a remark wants. Each is collected
// as it is asked and shown at the next gate, one field each; an answer is a remark that
// names the question (`answers`), so it reaches the team the way every remark does.
import type { RoomMessage } from "./room";
import type { TaskKey, TaskOutput } from "@inception-party/protocol";

export interface FollowUp {
  id: string;
  /** The agent who asked. */
  agent: string;
  phase: number;
  text: string;
}

/** A stable id for a question (FNV-1a, 48 bits): the same question asked again is the same follow-up. */
function idOf(agent: string, text: string): string {
  let h = 0xcbf29ce484222325n;
  for (const c of `${agent}\0${text}`) h = BigInt.asUintN(64, (h ^ BigInt(c.codePointAt(0)!)) * 0x100000001b3n);
  return `q_${(h & 0xffffffffffffn).toString(16).padStart(12, "0")}`;
}

/** The questions for the person in one agent turn's output. */
export function questionsIn<K extends TaskKey>(task: K, output: TaskOutput<K>): string[] {
  const o = output as Partial<{ cross_question: { question: string }; open_questions: string[]; question: string }>;
  if (task === "vision.interpretation") return o.cross_question ? [o.cross_question.question] : [];
  if (task === "vision.final_position") return o.open_questions ?? [];
  if (task === "room.reply") return o.question ? [o.question] : [];
  return [];
}

const asked = new WeakMap<object, FollowUp[]>();

/** The questions asked during one run (keyed by its runtime): rebuilt as a resumed run replays its turns. */
export function askedIn(run: object): FollowUp[] {
  let list = asked.get(run);
  if (!list) asked.set(run, (list = []));
  return list;
}

/** Adds what an agent asked, once per question. */
export function collect(into: FollowUp[], agent: string, phase: number, questions: readonly string[]): void {
  for (const text of questions.map((q) => q.trim()).filter(Boolean)) {
    const id = idOf(agent, text);
    if (!into.some((f) => f.id === id)) into.push({ id, agent, phase, text });
  }
}

/** What is still to ask: questions no remark has answered, in the order asked, at most `max`. */
export function openFollowUps(asked: readonly FollowUp[], remarks: readonly RoomMessage[], max = 6): FollowUp[] {
  const answered = new Set(remarks.flatMap((m) => (m.answers ? [m.answers] : [])));
  const seen = new Set<string>();
  return [...asked]
    .sort((a, b) => a.phase - b.phase)
    .filter((f) => {
      const key = f.text.toLowerCase().replace(/[^a-z0-9]+/g, " ").trim();
      if (answered.has(f.id) || seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, max);
}
