// What the person asked of the product reaches the architecture and the test strategy,
// each need in their words and with the check that fits what it says. The descriptions
// here are in no corpus: a piano teacher and a laundromat.
import { describe, expect, it } from "vitest";
import { formatHeader, formatPersonMessages, formatSections, parsePrompt } from "@inception-party/protocol";
import { ProjectContext } from "../context";
import { criticalPaths } from "./critical-paths";
import { needArchitectureLine, needPath, statedNeeds } from "./requirement-lines";
import { coreFeatures, problemStatement, projectConstraints, risks, targetUsers } from "./vision-facts";
import { writeArchitecture } from "./write-architecture";
import { writeFinalize } from "./write-finalize";
import { writeSkills } from "./write-skills";
import { writeTestStrategy } from "./write-test-strategy";

const PIANO =
  "I teach piano to about 35 pupils from my home in Utrecht. Parents book a weekly lesson slot, and I want them to get a WhatsApp reminder the evening before. Pupils log their practice minutes each day and I check them on Friday. Twice a year there is a recital where parents reserve seats, 40 at most. Lessons cost €28 and parents pay by bank transfer at the end of each month after I send an invoice.";
const PIANO_ANSWERS = "Parents use their phones, I use my iPad at the piano. Dutch and English please. Today I keep everything in a paper diary and Excel. Season is May to June for the recitals.";
const LAUNDRY =
  "- self-service laundromat in Lyon, 14 washers and 8 dryers\n- customers scan the QR code on a machine, pay by card and get a text when the cycle ends\n- machines report errors, the owner sees which ones are broken\n- loyalty: every 10th wash is free\n- French and English";

const ctx = (description: string, answers = "", agent = "architecture_designer", more: Record<string, string> = {}) =>
  new ProjectContext(parsePrompt(`${formatHeader({ task: "blueprint.produce", agent })}\n${formatSections({ project_description: description, ...(answers ? { user_response: answers } : {}), ...more })}`), 42);

describe("statedNeeds", () => {
  it("reads what the product does, the load it carries and who it suits, each in the person's words", () => {
    const needs = statedNeeds(ctx(PIANO, PIANO_ANSWERS));
    const of = (said: RegExp) => needs.find((n) => said.test(n.said));
    expect(of(/^Pupils log their practice minutes/)?.kind).toBe("feature");
    expect(of(/^Lessons cost €28/)?.kind).toBe("feature");
    // Who the person is, with a count of the people served: the load, not something the product does.
    expect(of(/^I teach piano to about 35 pupils/)?.kind).toBe("scale");
    expect(of(/40 at most/)?.kind).toBe("rule");
    for (const n of needs) expect(`${PIANO} ${PIANO_ANSWERS}`).toContain(n.said.replace(/[.]$/, ""));
  });

  it("carries what the person says of the people it must suit, even when it names no thing of the model", () => {
    const needs = statedNeeds(ctx(PIANO, "Most of them are under ten, so pictures rather than words please."));
    expect(needs.find((n) => /pictures rather than words/.test(n.said))?.kind).toBe("people");
  });

  it("imports only from a product the person says they use, never from a name said in passing", () => {
    const paths = criticalPaths(ctx(PIANO, PIANO_ANSWERS)).map((p) => p.name);
    expect(paths).toContain("Import from Excel");
    expect(paths.join(" ")).not.toMatch(/Import from (?:May|June|Utrecht)/);
  });

  it("proves each need by what it says: a scheduled job, a message on an event, a seat held once", () => {
    const c = ctx(LAUNDRY, "", "test_strategist", { person_remarks: formatPersonMessages([{ to: null, text: "The repair guy should get an SMS as soon as a machine is marked broken." }]) });
    const sms = statedNeeds(c).find((n) => /repair guy/.test(n.said))!;
    expect(needPath(sms)?.mustHold).toMatch(/fake gateway records each message: it goes out once/);
    expect(needPath(sms)?.mustHold).not.toMatch(/refused with a clear message/);
    // "every 10th wash is free" is a rule of loyalty, not a load to test.
    expect(statedNeeds(c).find((n) => /10th wash/.test(n.said))?.kind).not.toBe("scale");
    const piano = criticalPaths(ctx(PIANO, PIANO_ANSWERS));
    expect(piano.find((p) => /WhatsApp/.test(p.name))?.mustHold).toMatch(/a fake clock drives the job/);
    expect(piano.find((p) => /40 at most/.test(p.mustHold))?.mustHold).toMatch(/never hold the same Seat/);
  });

  it("reads a price the person set as one the server computes, and leaves the languages to the UI line", () => {
    const c = ctx(LAUNDRY, "- a wash costs 4.50 euros, drying is 1 euro per 10 minutes\n- French and English, Lyon is bilingual for tourists");
    const price = statedNeeds(c).find((n) => /4\.50 euros/.test(n.said))!;
    expect(price.kind).toBe("price");
    expect(needPath(price)).toMatchObject({ level: "unit", mustHold: expect.stringMatching(/the server computes each amount exactly so/) });
    expect(statedNeeds(c).some((n) => /bilingual/.test(n.said))).toBe(false);
    // The first sentence that names the languages: the description's bullet.
    expect(writeArchitecture(c)).toMatch(/UI in English and French: [^\n]*As you said: “French and English”\./);
  });
});

describe("the documents carry them", () => {
  it("quotes each need where the architecture meets it, and names a branded device only in the person's words", () => {
    const md = writeArchitecture(ctx(PIANO, PIANO_ANSWERS));
    expect(md).toContain("“Pupils log their practice minutes each day and I check them on Friday” — met in");
    expect(md).toMatch(/On iPads: [^\n]*As you said: “Parents use their phones, I use my iPad at the piano”/);
    expect(md).toMatch(/“Lessons cost €28[^\n]*a scheduled job in the background worker/);
  });

  it("gives every need a test in the test strategy, and carries a remark heard after the draft at finalize", () => {
    const draft = writeTestStrategy(ctx(LAUNDRY, "", "test_strategist"));
    expect(draft).toMatch(/\*\*Machines report errors\*\* \(e2e\) — as you said, “machines report errors, the owner sees which ones are broken”/);
    expect(draft).not.toContain("repair guy");
    const remark = "The repair guy should get an SMS as soon as a machine is marked broken.";
    const final = writeFinalize(ctx(LAUNDRY, "", "test_strategist", { current_draft: draft, person_remarks: formatPersonMessages([{ to: null, text: remark }]) })).markdown;
    const paths = final.slice(final.indexOf("## Critical Paths"), final.indexOf("## Tooling"));
    const n = paths.match(/^\d+\. /gm)!.length;
    expect(paths).toMatch(new RegExp(`^${n}\\. \\*\\*The repair guy should get an SMS[^\\n]*“The repair guy should get an SMS as soon as a machine is marked broken”`, "m"));
    // Nothing already there is repeated.
    expect(final.match(/machines report errors, the owner sees/g)).toHaveLength(draft.match(/machines report errors, the owner sees/g)!.length);
  });
});

describe("the person's message, read as a project", () => {
  // Written for this test, in no corpus.
  it("drops a greeting, and names a group nothing was said about without describing it", () => {
    const c = ctx("hi, i work at a small dance school with 4 teachers and 2 receptionists. pupils book classes online and get a reminder by SMS.");
    expect(c.description).toMatch(/^i work at/);
    expect(c.profile.subject).not.toMatch(/\bhi\b/);
    expect(targetUsers(c).join("\n")).not.toMatch(/is built for/);
  });

  // Written for this test, in no corpus: a rowing club.
  it("keeps the words that still describe a group with it", () => {
    const c = ctx("A booking app for our rowing club. Rowers book boats for a morning. Members of the county league get priority.");
    const users = targetUsers(c).join("\n");
    expect(users).toMatch(/members of the county league get priority/i);
    expect(users).not.toMatch(/— of the county league/i);
  });
});

// Written for this test, in no corpus: a village hall and a cricket club.
describe("the person's groups and problem, said back right", () => {
  it("describes a group by what it does, in its own number, never by a sentence about someone else", () => {
    const c = ctx("When a room becomes free the caretaker offers it to the next person on the list. People can join the list online. Key holders pay a yearly fee for their key.");
    const users = targetUsers(c);
    expect(users).toContain("People — can join the list online");
    expect(users).toContain("Caretakers — when a room becomes free, offer it to the next person on the list");
    expect(users).toContain("Key holders — pay a yearly fee for their key");
    expect(users.join("\n")).not.toMatch(/People — .*caretaker/);
  });

  it("names the organisation a speaker holds a post in as the subject, and no constraint as the main problem", () => {
    const c = ctx("Hi, I am the fixtures secretary of our cricket club. Captains need to know when a match is moved. English only, and no tracking of players — privacy is a big issue for us.");
    expect(c.profile.subject).toMatch(/^a cricket club/i);
    expect(c.pain).toBeUndefined();
    expect(c.profile.features).toContain("Captains need to know when a match is moved");
  });
});

// Written for this test, in no corpus: a choir's WhatsApp reminders.
describe("requirement lines: a channel's article and number", () => {
  it("writes 'a WhatsApp provider' and 'each WhatsApp reminder'", () => {
    const c = ctx("A rota app for our choir. Singers get WhatsApp reminders before each rehearsal.");
    const path = criticalPaths(c).find((p) => /WhatsApp/.test(p.name));
    expect(path?.mustHold).toMatch(/^each WhatsApp reminder goes out once/);
    expect(writeArchitecture(c)).toMatch(/through a WhatsApp provider/);
  });
});

// Written for this test, in no corpus: a museum's school visits, a reading club.
describe("ProjectContext: children who do not use it", () => {
  it("asks about children's data instead of stating a children's-consent law", () => {
    const museum = ctx("Teachers book class visits to our museum. The model room fits only 15 children at a time.");
    expect(museum.traits.has("minors")).toBe(false);
    expect(museum.traits.unsure.has("minors")).toBe(true);
    expect(ctx("Kids log the books they read and parents see their progress.").traits.has("minors")).toBe(true);
  });

  it("asks, too, when children are only kept as a record their parents act for", () => {
    // Written for this test, in no corpus: a junior hockey club's lifts.
    const lifts = ctx("Parents offer a lift with the number of free seats, and other parents book a seat for their kid.");
    expect(lifts.traits.has("minors")).toBe(false);
    expect(lifts.traits.unsure.has("minors")).toBe(true);
    expect(lifts.reading.links).toContainEqual(expect.objectContaining({ from: "seat", to: "lift" }));
  });
});

// Written for this test, in no corpus: a gospel choir.
describe("userActors: whoever a feature says does something", () => {
  it("counts singers who download and mark things as users, though the reader keeps nothing they act on", () => {
    const c = ctx("Every week the singers must say if they come to the rehearsal. The singers can download the right PDF and mark who already paid.");
    expect(targetUsers(c).join(" ")).toMatch(/^Singers/);
  });

  // Written for this test, in no corpus: a chess club's tournaments.
  it("counts nobody as a user for what is done to them ('arbiters are appointed by the federation')", () => {
    const c = ctx("- players register for the club tournament\n- arbiters are appointed by the federation\n- results go on the notice board");
    expect(targetUsers(c).join(" ")).toMatch(/^Players/);
    expect(targetUsers(c).join(" ")).not.toMatch(/Arbiters/);
  });

  it("says a launch date as a deadline in the person's words, and push notifications without a second noun", () => {
    const c = ctx("- gym members book classes\n- members get push notifications when a class is cancelled\n- launch before March", "", "vision_facilitator");
    expect(projectConstraints(c)).toContain("Deadline, as you said: “launch before March”");
    expect(writeArchitecture(ctx("- gym members book classes\n- members get push notifications when a class is cancelled"))).not.toMatch(/notifications messages/i);
  });
});


// Written for this test, in no corpus: a market's stall fees.
describe("risks: the way people pay, named", () => {
  it("answers 'how will people pay?'", () => {
    const asks = (d: string) => risks(ctx(d)).some((r) => /how will people pay/.test(r));
    expect(asks("Traders pay the stall fee every week. Managers see who paid.")).toBe(true);
    expect(asks("Traders pay with M-Pesa every week. Managers see who paid.")).toBe(false);
    // The architecture's diagram and summary name it as written.
    const md = writeArchitecture(ctx("Traders pay with M-Pesa every week. Managers see who paid."));
    expect(md).toContain('PSP["M-Pesa"]');
    expect(md).not.toMatch(/m-Pesa/);
    expect(md).not.toMatch(/Stripe/);
  });

  it("assumes no Stripe API behind another way to pay: paths, threats, skills, endpoints and files name it", () => {
    // Written for this test: a sailing club in Aarhus.
    const c = ctx("Our sailing club in Aarhus rents boats to members by the hour. Members book a boat and pay through MobilePay; the harbour master sees who is out on the water.");
    const said = [writeTestStrategy(c), writeArchitecture(c), JSON.stringify(writeSkills(c)), JSON.stringify(c.concerns)].join("\n");
    expect(said).not.toMatch(/Stripe|PaymentIntent|payment_intent/);
    expect(criticalPaths(c).find((p) => p.name === "Webhook authenticity")?.mustHold).toBe("payment notifications MobilePay cannot confirm are rejected and change nothing");
    expect(writeSkills(c).skills.map((s) => s.name)).toContain("mobile-pay-payments");
    // The test strategy's summary and the constitution quote the paths with the person's capitals.
    expect(writeTestStrategy(c)).toMatch(/behaviour people rely on — our sailing club in Aarhus rents boats .*pay through MobilePay/);
  });
});

// Written for this test, in no corpus: a youth orchestra's library.
describe("a rule on the whole product", () => {
  it("binds only the things its own piece names, and is measured rather than refused", () => {
    const c = ctx("Players borrow sheet music from the orchestra library. We are all volunteers, so hosting must be cheap. Each player may hold at most five scores.");
    const rule = statedNeeds(c).find((n) => n.kind === "rule" && /hosting/.test(n.said))!;
    expect(rule.entities).toEqual([]);
    expect(needPath(rule)).toMatchObject({ name: "Hosting must be cheap", level: "e2e" });
    expect(writeArchitecture(c)).toContain("“We are all volunteers, so hosting must be cheap” — a condition on the whole product");
    expect(writeArchitecture(c)).not.toMatch(/volunteers module/);
  });
});

// Written for this test: a sailing dinghy park, in no corpus.
describe("needArchitectureLine: a booking said only as barred", () => {
  it("holds nothing, so no constraint against two people holding one thing is claimed for it", () => {
    const needs = statedNeeds(ctx("Members book dinghies for a tide. New members can't book until an instructor signs them off."));
    const barred = needs.find((n) => /can't book/.test(n.said))!;
    expect(needArchitectureLine(barred)).not.toMatch(/two people from holding/);
    expect(needArchitectureLine({ ...barred, said: "Members book dinghies for a tide" })).toMatch(/two people from holding/);
  });
});

// Written for this test: a makerspace, in no corpus.
describe("statedNeeds: a heading line", () => {
  it("is no need: the first line with no verb names the project", () => {
    const needs = statedNeeds(ctx("Makerspace Lathe Club - Bergen\nMembers book the lathe for an evening.\nA technician checks each lathe every month."));
    expect(needs.some((n) => /Bergen/.test(n.said))).toBe(false);
    expect(needs.some((n) => /book the lathe/.test(n.said))).toBe(true);
  });
});

// Written for this test: a youth hostel's volunteers, in no corpus.
describe("a need's name and what hurts today", () => {
  it("names the need without the product wished for or its parentheses, and a pain sends no message", () => {
    const needs = statedNeeds(ctx("Today the wardens swap shifts in a WhatsApp group, which is a mess. We need a system where the warden checks in a guest (bed, nights, breakfast or not) and the manager plans the shifts."));
    const need = needs.find((n) => n.kind !== "pain" && /checks in a guest/.test(n.said))!;
    expect(needPath(need)?.name).toBe("The warden checks in a guest and the manager plans the shifts");
    const pain = needs.find((n) => n.kind === "pain")!;
    expect(needArchitectureLine(pain)).toMatch(/^What hurts today, .* — met in /);
    expect(needArchitectureLine(pain)).not.toMatch(/message leaves/);
  });
});

// Written for this test: a hospice kitchen, in no corpus.
describe("targetUsers: a role whose name ends in another's", () => {
  it("keeps what each does to itself ('the kitchen volunteer' is not every volunteer, nor the other way round)", () => {
    const users = targetUsers(ctx("Volunteers sign up for shifts. We want a page where the kitchen volunteer logs each meal served."));
    expect(users.find((u) => /^Volunteers\b/.test(u))).toBe("Volunteers — sign up for shifts");
    expect(users.find((u) => /^Kitchen volunteers\b/.test(u))).toBe("Kitchen volunteers — log each meal served");
  });
});

// Written for this test: a bike share, in no corpus.
describe("a need said of a noun", () => {
  it("is named by its sentence, and what comes per booking holds nothing", () => {
    const need = statedNeeds(ctx("Members book a cargo bike by the hour. The lock has a code that changes per booking.")).find((n) => /lock has a code/.test(n.said))!;
    expect(needPath(need)).toMatchObject({ name: "The lock has a code that changes per booking" });
    expect(needPath(need)?.mustHold).not.toMatch(/hold the same/);
  });
});

// Written for this test: a housing co-op, in no corpus.
describe("projectConstraints: a rule said with 'must not'", () => {
  it("is a rule that limits, said once", () => {
    const lines = projectConstraints(ctx("Residents book the laundry room. Residents must not see each other's bookings."));
    expect(lines.filter((l) => /each other's bookings/.test(l))).toEqual(["A rule you set: “Residents must not see each other's bookings”"]);
  });
});

// Written for this test: a bike fitter, in no corpus.
describe("projectConstraints: a product the person keeps", () => {
  it("is said once, as what it must work with, not again as something asked", () => {
    const lines = projectConstraints(ctx("Riders book a fitting online. I use SumUp for card payments, that should stay."));
    expect(lines.filter((l) => /that should stay/.test(l))).toHaveLength(1);
  });
});

// Written for this test: a bike fitter, in no corpus.
describe("statedNeeds: a product the person keeps", () => {
  it("is its requirement's need, not a rule on the whole product besides", () => {
    const c = ctx("Riders book a fitting online. I use SumUp for card payments, that should stay.");
    expect(statedNeeds(c).filter((n) => /that should stay/.test(n.said)).map((n) => n.kind)).toEqual(["requirement"]);
    expect(writeArchitecture(c)).not.toMatch(/that should stay” — a condition on the whole product/);
  });
});

// Written for this test: a shoe repair counter, in no corpus.
describe("coreFeatures: with too few of the person's own", () => {
  it("fills the list with what is said to be the team's, never with accounts the person ruled out", () => {
    const features = coreFeatures(ctx("Shoe repairs in Bergen. No account, just a phone number. Customers drop shoes at the counter."));
    expect(features.length).toBeGreaterThanOrEqual(2);
    for (const f of features.slice(1)) expect(f).toMatch(/^Suggested by the team: /);
    expect(features.join("\n")).not.toMatch(/accounts/i);
    // What the first release must cover is the person's, never the team's suggestion.
    expect(problemStatement(ctx("Shoe repairs in Bergen. No account, just a phone number. Customers drop shoes at the counter."))).not.toMatch(/suggested by the team/i);
  });
});

// Written for this test: a tyre fitter, in no corpus.
describe("a need that opens with the product wished for", () => {
  it("is named by what people do there", () => {
    const need = statedNeeds(ctx("We want a simple web page: no account, just a phone number, the driver picks a fitting slot and we send an SMS when the van is near.")).find((n) => n.kind !== "requirement" && /picks a fitting slot/.test(n.said));
    expect(needPath(need!)?.name).toMatch(/^The driver picks a fitting slot and we send an SMS/);
  });
});

// Written for this test: a community pantry, in no corpus.
describe("a need said with an aside in parentheses", () => {
  it("is no scheduled job because the aside sends something", () => {
    const need = statedNeeds(ctx("Households are signed up by the council (they send us a form), and then they collect a bag of groceries every week at the pantry.")).find((n) => /collect a bag/.test(n.said));
    expect(need && needPath(need)?.mustHold).not.toMatch(/scheduled job/);
  });
});
