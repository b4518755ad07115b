import { describe, expect, it } from "vitest";
import { askedIn, collect, openFollowUps, questionsIn } from "./follow-ups";

describe("the team's questions for the person", () => {
  it("are read from the turns that ask them", () => {
    expect(questionsIn("vision.interpretation", { vision_summary: "x", key_points: ["a", "b"], cross_question: { to: "Oscar", question: "Do deposits get refunded?" } })).toEqual(["Do deposits get refunded?"]);
    expect(questionsIn("room.reply", { reply: "ok", changes: [], question: "Which shop first?" })).toEqual(["Which shop first?"]);
    expect(questionsIn("stack.proposal", {} as never)).toEqual([]);
  });

  it("are collected once, keep a stable id, and leave the list once a remark answers them", () => {
    const run = {};
    collect(askedIn(run), "nadia", 1, ["You said “no online payment” and “a €5 online deposit”: which stands?", " "]);
    collect(askedIn(run), "nadia", 1, ["You said “no online payment” and “a €5 online deposit”: which stands?"]);
    collect(askedIn(run), "oscar", 1, ["Do deposits get refunded?"]);
    const asked = askedIn(run);
    expect(asked).toHaveLength(2);
    expect(asked[0].id).toMatch(/^q_[0-9a-f]{12}$/);
    expect(askedIn({})).toEqual([]);
    const remark = { messageId: "m1", phase: 2, to: null, text: "The deposit stands.", seq: 9, answeredBy: [], answers: asked[0].id };
    expect(openFollowUps(asked, [remark]).map((f) => f.text)).toEqual(["Do deposits get refunded?"]);
  });
});
