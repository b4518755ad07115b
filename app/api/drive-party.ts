// Test support for the route tests: answers every question of a party the way a person
// in the browser would, through the same routes, until the party ends.
import { call } from "./route-call";
import * as input from "./parties/[id]/input/route";
import * as one from "./parties/[id]/route";

const ANSWERS: Record<string, { selection?: string; text?: string }> = {
  mode: { selection: "1" },
  vision_questions: { text: "Members are climbers aged 18-45; gyms have 2-5 staff. Card payments. GDPR applies. Success is 60% of bookings online after six months." },
  stack_approval: { selection: "Y" },
  constitution_review: { selection: "1" },
  walkthrough: { selection: "1" },
  phase_failure: { selection: "1" },
};

/** Polls the summary and answers; resolves with the final summary (completed, failed or cancelled). */
export async function driveToEnd(cookie: string, partyId: string, timeoutMs = 240_000): Promise<{ status: string; error: string | null }> {
  const until = Date.now() + timeoutMs;
  const answered = new Set<string>();
  while (Date.now() < until) {
    const s = await (await call(one.GET, `/api/parties/${partyId}`, { cookie, params: { id: partyId } })).json();
    if (["completed", "failed", "cancelled"].includes(s.status)) return s;
    const p = s.pendingInput;
    if (p && !answered.has(p.id)) {
      answered.add(p.id);
      const a = ANSWERS[p.kind] ?? { selection: p.options?.[0]?.key };
      const r = await call(input.POST, `/api/parties/${partyId}/input`, { cookie, method: "POST", body: JSON.stringify({ requestId: p.id, ...a }), params: { id: partyId } });
      if (r.status !== 202) throw new Error(`answer to ${p.kind} refused: ${r.status} ${await r.text()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`party ${partyId} did not end within ${timeoutMs} ms`);
}
