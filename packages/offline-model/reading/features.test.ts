import { describe, expect, it } from "vitest";
import { featuresFromReading, limits, statedRules } from "./features";
import { readProject } from "./read-project";
import { PRESENT_PRACTICE } from "./requirements";

const REPAIR_CAFE =
  "A tool for a volunteer-run repair café in Ghent: visitors register broken items at the door, fixers claim items they can repair, and we track what was fixed so we can report to the city grant (CO2 saved). Must work on an old shared laptop; no budget; GDPR applies since we store visitors' emails.";

describe("featuresFromReading", () => {
  it("lists what people do with the product, not the conditions it must meet", () => {
    expect(featuresFromReading(readProject(REPAIR_CAFE), REPAIR_CAFE)).toEqual([
      "Visitors register broken items at the door",
      "Fixers claim items they can repair",
      "Track what was fixed so we can report to the city grant (CO2 saved)",
    ]);
  });

  it("reads a relative clause without 'that' as saying which things, not naming a new one", () => {
    const claim = readProject(REPAIR_CAFE).clauses.find((c) => c.verb === "claim");
    expect(claim?.objects.map((o) => o.head)).toEqual(["item"]);
  });

  it("keeps people applying for something as a feature; only a rule that applies is a condition", () => {
    const d = "A shelter app: adopters apply for pets and staff review each application. GDPR applies; the privacy law applies too.";
    expect(featuresFromReading(readProject(d), d)[0]).toMatch(/^Adopters apply for pets/);
    expect(featuresFromReading(readProject(d), d).join(" ")).not.toMatch(/GDPR|law/);
  });

  it("does not make what the speakers' own organisation has a feature", () => {
    const d = "Our rowing club has about 90 members and 12 boats. Coaches book boats for crews.";
    expect(featuresFromReading(readProject(d), d)).toEqual(["Coaches book boats for crews"]);
  });

  it("does not make 'we run a food bank' a feature", () => {
    const d = "We run a food bank. Volunteers log donations at the door.";
    expect(featuresFromReading(readProject(d), d)).toEqual(["Volunteers log donations at the door"]);
  });

  it("reads 'they' as whoever was just named: a competitor's practice is no feature, the customers' act is", () => {
    const t = "Our rival is Pedalfix, they charge a call-out fee. Riders book a repair, they pay the deposit by card.";
    expect(featuresFromReading(readProject(t), t)).toEqual(["Riders book a repair", "They pay the deposit by card"]);
  });

  it("reads what the speakers have or serve as their setting, and what they do with the things as a feature", () => {
    const t = "We represent 90 houseboats along the canal. We also log mooring fees when boats arrive.";
    expect(featuresFromReading(readProject(t), t)).toEqual(["We also log mooring fees when boats arrive"]);
  });

  it("reads what is already done as today's practice, whatever the verb", () => {
    const t = "Riders book a repair slot. We already take card payments at the stall.";
    expect(featuresFromReading(readProject(t), t)).toEqual(["Riders book a repair slot"]);
  });

  it("tells a rule that limits from a wish said with a modal", () => {
    expect(limits("Only members with a key may open the shed")).toBe(true);
    expect(limits("Photos must be approved by a warden")).toBe(true);
    expect(limits("Renters should get a reminder the day before")).toBe(false);
  });

  it("reads a piece that opens with 'which' as more about what came before, not a feature", () => {
    const t = "Members sign out glazes, which we mix ourselves in big batches.";
    expect(featuresFromReading(readProject(t), t)).toEqual(["Members sign out glazes"]);
  });

  // Written for this test: a window-cleaning round, in no corpus.
  it("reads what is done 'now' as today's practice, what the speakers hold as their setting, and a need with no one before it as theirs", () => {
    const t = "window cleaning round, 2 cleaners. customers ring to book cleans now. we hold spare ladders at 3 depots, need a list of which depot has which ladder. customers pay by invoice.";
    const fs = featuresFromReading(readProject(t), t);
    expect(fs.some((f) => /ring to book/i.test(f))).toBe(false);
    expect(fs.some((f) => /^we hold/i.test(f))).toBe(false);
    expect(statedRules(readProject(t))).toEqual([]);
    expect(readProject(t).ours).toEqual(["cleaning round"]);
  });
});

// Written for this test, in no corpus: a choir's practice rooms.
describe("featuresFromReading: the setting, languages and what replaces a ban are no features", () => {
  const d = "Our choir shares one piano between three rooms. A singer can reserve a practice room, see which rooms are free, and log the hours they practised. Some of the older singers read Polish better than English. No fees in the app, we collect cash at rehearsal.";
  it("writes each carried-over subject out with its modal, after an indirect question too", () => {
    expect(featuresFromReading(readProject(d), d)).toEqual(["A singer can reserve a practice room", "A singer can see which rooms are free", "A singer can log the hours they practised"]);
  });
});

// Written for this test, in no corpus: a bulb grower's notes.
describe("featuresFromReading: a wish without its subject", () => {
  it("is written as the speakers' task", () => {
    const d = "- bulbs ordered from a grower, want to track which bulb for which bed";
    expect(featuresFromReading(readProject(d), d)).toContain("Track which bulb for which bed");
  });
});

// Written for this test, in no corpus: a Sunday football team.
describe("featuresFromReading: what people tell or ask, and a question about the past", () => {
  it("keeps a person saying whether they come, and marking who already paid", () => {
    const d = "Each Friday the players must say if they can play on Sunday. The coach can pick the team and mark who already paid the fee.";
    expect(featuresFromReading(readProject(d), d)).toEqual(["Each Friday the players must say if they can play on Sunday", "The coach can pick the team and mark who already paid the fee"]);
  });

  it("leaves out where and when the speakers gather: their setting, not a feature", () => {
    const d = "Our chess club plays on Thursday evenings at the library. Members record games and challenge each other to matches.";
    const fs = featuresFromReading(readProject(d), d);
    expect(fs.join(" ")).not.toMatch(/Thursday|plays/);
    expect(fs[0]).toMatch(/^Members record games/);
    const w = "We train twice a week in the park. We want to send each runner a weekly plan.";
    expect(featuresFromReading(readProject(w), w).join(" ")).not.toMatch(/train twice/);
  });

  it("leaves out what the speakers keep or have, and what they tried before", () => {
    const d = "I keep goats with two neighbours near Lyon. Each of us has a few kids every spring. We tried a shared calendar but nobody opened it. Buyers reserve kids online.";
    expect(featuresFromReading(readProject(d), d)).toEqual(["Buyers reserve kids online"]);
  });

  it("reads a wish said the long way round, leaves out today's narration, and keeps what people do with the product", () => {
    const d = "Somebody prints the rota and nobody reads it. What we'd really like is an app where volunteers can pick a shift, and the coordinator confirms it. It would be great to keep the hours for each volunteer, because we have to show them to the council.";
    expect(featuresFromReading(readProject(d), d)).toEqual([
      "Volunteers can pick a shift",
      "The coordinator confirms it",
      "Keep the hours for each volunteer",
      "We have to show them to the council",
    ]);
  });

  it("leaves out a clause that names the tool they use today", () => {
    const d = "The treasurer tracks dues in a shared Excel file that nobody trusts. Members pay dues online.";
    expect(featuresFromReading(readProject(d), d)).toEqual(["Members pay dues online"]);
  });

  it("reads the product the speakers wish for and then describe as no feature, and what it does as features", () => {
    const t = "We need a little web shop: buyers pick jars of honey and pay by card.";
    expect(featuresFromReading(readProject(t), t)).toEqual(["Buyers pick jars of honey and pay by card"]);
  });
  it("leaves out what a group named by products does: that is how the market is, no feature", () => {
    const d = "Tenants report leaks and the caretaker fixes them. Bigger firms like Fixflo do far too much for us.";
    expect(featuresFromReading(readProject(d), d)).toEqual(["Tenants report leaks and the caretaker fixes them"]);
  });
  it("leaves out what the speakers do in the sentence that says who they are, and what they hold, even after an adverb; 'today's' says which", () => {
    const d = "We run a small climbing gym in Ghent, so mostly we deal with students. Often we hold a locker key for members. Setters need to see today's routes on a tablet.";
    expect(featuresFromReading(readProject(d), d)).toEqual(["Setters need to see today's routes on a tablet"]);
  });

  it("reads the time a chore costs the speakers as a pain, not a feature; a length of time alone is none", () => {
    expect(readProject("Every season we rebuild the rota by hand, which takes us three weeks of emails.").pains).toHaveLength(1);
    expect(readProject("Lessons take 45 minutes.").pains).toHaveLength(0);
  });
  it("says what a wish asks of a group as what they can do", () => {
    const d = "We want tenants to report faults online, and landlords to see every open fault.";
    expect(featuresFromReading(readProject(d), d)).toContain("Landlords can see every open fault");
  });
  it("says a feature about 'it' with the condition that named it", () => {
    const d = "Guests order drinks at the bar. When a keg runs dry we want to mark it empty at once.";
    expect(featuresFromReading(readProject(d), d)).toContain("When a keg runs dry, we want to mark it empty at once");
  });
});

// Written for this test, in no corpus: a ferry's bike spaces.
describe("featuresFromReading: a wish and its colon", () => {
  // Written for this test: a piano tuner, in no corpus.
  it("reads a thing listed after 'we want:' as wished for, with the clauses beside it", () => {
    const t = "We want: clients book a tuning online, a reminder e-mail every twelve months, French and English.";
    expect(featuresFromReading(readProject(t), t)).toEqual(["Clients book a tuning online", "A reminder e-mail every twelve months"]);
  });
});

describe("statedRules: what the speakers' group needs", () => {
  // Written for this test: a choir, in no corpus.
  it("reads what the speakers' one group needs as the product, and what its people need as a rule", () => {
    const need = "Our choir (about 40 singers in Leeds) needs an easy way to share sheet music.";
    const rule = "Our new singers need a voice check before the first concert.";
    expect(statedRules(readProject(`${need} ${rule} Singers mark which rehearsals they attend.`))).toEqual([rule]);
    // A limit said with "max" is a rule that limits.
    const max = "Singers borrow scores for a month, max 5 scores at once";
    expect(statedRules(readProject(`A choir library. ${max}.`))).toEqual([`${max}.`]);
    expect(limits(max)).toBe(true);
    // What the speakers do not need is ruled out, no rule they set.
    expect(statedRules(readProject("A choir app. Singers mark which rehearsals they attend. We don't need a mobile app."))).toEqual([]);
    // A "should" with no one before it is the speakers' wish, not a rule.
    expect(statedRules(readProject("We want: singers see the rota (we use Churchsuite today, should sync there). Our choir meets on Tuesdays."))).toEqual([]);
  });
});

describe("statedRules: a rule said again in an answer", () => {
  it("is one rule, not two", () => {
    const rule = "Bikes must be booked a day ahead, so the crew knows the space is taken.";
    expect(statedRules(readProject(`Ferry bike spaces. ${rule}`, `${rule} Passengers book on their phones.`))).toEqual([rule]);
  });
});

// Written for this test, in no corpus: a housing block's leaks.
describe("featuresFromReading: 'now' opening a clause", () => {
  it("reads 'now they phone' as today's practice, and 'now we want' as no such thing", () => {
    const t = "Tenants report leaks, now they phone the caretaker at night. Now we want tenants to send a photo of each leak.";
    const fs = featuresFromReading(readProject(t), t);
    expect(fs.some((f) => /phone the caretaker/i.test(f))).toBe(false);
    expect(fs.some((f) => /send a photo/i.test(f))).toBe(true);
    // A wish in the third person, or "this", is no practice of today.
    expect(["Now everyone wants an app", "Now, this needs to change", "now the members are looking for a tool"].filter((x) => PRESENT_PRACTICE.test(x))).toEqual([]);
  });

  it("reads 'but now' after an older practice as today's, for the rest of the sentence", () => {
    const t = "Members used to write their hours in a paper book, but now they just send a text and some coaches get three helpers and others none. We want members to log their hours on the website.";
    const fs = featuresFromReading(readProject(t), t);
    expect(fs.some((f) => /coaches get three helpers/i.test(f))).toBe(false);
    expect(fs.some((f) => /log their hours/i.test(f))).toBe(true);
  });
});

// Written for this test, in no corpus: a campsite.
describe("featuresFromReading: any paper medium is today's practice, a gerund after a preposition no verb", () => {
  it("lists neither the paper map nor the money for hosting", () => {
    const t = "The warden keeps the pitches on a paper map. Campers book pitches online. Maybe 15 pounds per month for hosting.";
    expect(featuresFromReading(readProject(t), t)).toEqual(["Campers book pitches online"]);
    expect(readProject("Maybe 15 pounds per month for hosting.").clauses[0].verb).toBeUndefined();
  });
});

// Written for this test, in no corpus: a boat rental.
describe("featuresFromReading: what a product the person named does", () => {
  it("is that product's business, not a feature", () => {
    const t = "Members rent boats online.\n- competitors: Boatio has its own app";
    expect(featuresFromReading(readProject(t), t)).toEqual(["Members rent boats online"]);
  });
});

// Written for these tests, in no corpus: a bicycle wheel builder.
describe("featuresFromReading: what the speaker does for a living, people acting with no object, a wish to keep", () => {
  const t = "I build and true wheels, mostly for local racers and a few shops. Riders book online, and I want to keep notes per wheel (rim, spokes, tension).";
  const fs = featuresFromReading(readProject(t), t);
  it("reads what the speaker does, said first and wishing nothing, as who they are", () => {
    expect(fs.some((f) => /wheels/i.test(f) && !/notes/i.test(f))).toBe(false);
  });
  it("lists people doing what makes a record with no object, and a wish to keep something", () => {
    expect(fs).toContain("Riders book online");
    expect(fs.some((f) => /keep notes per wheel/i.test(f))).toBe(true);
  });
});

// Written for this test, in no corpus: a village's grain mill.
describe("featuresFromReading: what people at large have", () => {
  it("is who they are, not a feature", () => {
    const t = "Farmers bring maize to the mill. Many people have only basic phones. Farmers book a milling slot by SMS.";
    expect(featuresFromReading(readProject(t), t)).not.toContain("Many people have only basic phones");
  });

  it("nor is what often happens today", () => {
    const t = "Sometimes riders wait at the depot for an hour. Riders pick up parcels at the depot.";
    expect(featuresFromReading(readProject(t), t)).toEqual(["Riders pick up parcels at the depot"]);
  });

  it("nor is what the speakers use, while what the people it serves do stays", () => {
    const t = "Hi all! Scorers enter results after each game. Scorers use tablets, I use an old desktop.";
    expect(featuresFromReading(readProject(t), t)).toEqual(["Scorers enter results after each game"]);
  });
});

// Written for this test, in no corpus: a community fridge and a bike kitchen.
describe("featuresFromReading: how their own place is run", () => {
  it("is their setting after the place said alone, and still a feature after the product said alone", () => {
    const seeds = "- community fridge in Cork, run from the back room of a pub\n- members borrow seed packets";
    expect(featuresFromReading(readProject(seeds), seeds)).toEqual(["Members borrow seed packets"]);
    const bikes = "Booking page for our bike kitchen, reserve with one tap. Members borrow tools.";
    expect(featuresFromReading(readProject(bikes), bikes)).toContain("Reserve with one tap");
  });
});

// Written for this test, in no corpus: a kayak hire.
describe("featuresFromReading: a role named with the noun that says which one", () => {
  it("carries what that role asks to see", () => {
    const t = "Guests reserve a kayak. The dock master needs to see who is out on the lake.";
    expect(featuresFromReading(readProject(t), t)).toContain("The dock master needs to see who is out on the lake");
  });
});

// Written for this test, in no corpus: a chess club and a sports hall.
describe("featuresFromReading: what the person asked for", () => {
  it("comes first, said of the role with its article ('a page where the treasurer approves each claim'), and who runs the place is none", () => {
    const t = "A chess club in Ghent, run by three retired teachers. Players pay a fee by bank transfer. We need a page where the treasurer approves each claim.";
    expect(featuresFromReading(readProject(t), t)).toEqual(["The treasurer approves each claim", "Players pay a fee by bank transfer"]);
  });
});

// Written for this test, in no corpus: a livery yard.
describe("featuresFromReading: what the speaker needs to know", () => {
  it("is a feature, while what they know is who they are", () => {
    const t = "Owners book stables online. I need to know the horse's feed, shoes and vet before arrival. I know some Python.";
    expect(featuresFromReading(readProject(t), t)).toEqual(["I need to know the horse's feed, shoes and vet before arrival", "Owners book stables online"]);
  });
});

// Written for this test, in no corpus: a youth rugby club.
describe("featuresFromReading: a wish's 'where' and how people pay", () => {
  it("leads to what people do there, and 'by card or cash' alone is no feature", () => {
    const t = "We want a page where the coach can see who is injured. Members pay the fee in January, by card or cash at the door.";
    expect(featuresFromReading(readProject(t), t)).toEqual(["The coach can see who is injured", "Members pay the fee in January"]);
  });
});

// Written for this test, in no corpus: a bike workshop.
describe("featuresFromReading: what follows a ban", () => {
  it("is how it is done instead only right after it; the wish goes on after that", () => {
    const t = "We want a booking page: no account, just an email address, the rider picks a repair slot and we confirm it. No payments in the app, we settle up in cash.";
    const features = featuresFromReading(readProject(t), t);
    expect(features).toContain("The rider picks a repair slot and we confirm it");
    expect(features.join("\n")).not.toMatch(/settle up/);
  });
});

// Written for this test, in no corpus: a tutoring studio.
describe("featuresFromReading: people counted at the head of the first sentence", () => {
  it("are who is writing, not what the product does", () => {
    const t = "Four tutors share a studio in Bath. Students book lessons online.";
    expect(featuresFromReading(readProject(t), t)).toEqual(["Students book lessons online"]);
  });
});

// Written for this test, in no corpus: a swimming club.
describe("featuresFromReading: the organisation named first, and a wish put off", () => {
  it("are no features ('swim club in Leeds', '… would be nice later')", () => {
    const t = "swim club in Leeds, 80 members. members book lanes online. actually a forum for parents would be nice later.";
    const r = readProject(t);
    expect(featuresFromReading(r, t)).toEqual(["Members book lanes online"]);
    expect(r.things.map((x) => x.name)).not.toContain("club");
  });
});

// Written for this test, in no corpus: a dog walker.
describe("featuresFromReading: what is kept on cards or in a notebook", () => {
  it("is how it is done today, no feature", () => {
    const t = "Owners book walks online. The walks are written in a notebook and the keys are listed on index cards.";
    expect(featuresFromReading(readProject(t), t)).toEqual(["Owners book walks online"]);
  });
});

// Written for this test, in no corpus: a translation office.
describe("featuresFromReading: what comes to the speakers from others", () => {
  it("is how work arrives, no feature; what people do with it is", () => {
    const t = "Jobs are sent to us by the courts. Translators accept jobs in the portal.";
    expect(featuresFromReading(readProject(t), t)).toEqual(["Translators accept jobs in the portal"]);
  });

  // Written for this test, in no corpus: a piano removals firm.
  it("is how work arrives when others act on the speakers ('Clients phone us for a quote'), unless the product should let them", () => {
    const t = "Clients phone us for a quote. Movers log each piece they carry. Clients can message us from the site.";
    expect(featuresFromReading(readProject(t), t)).toEqual(["Movers log each piece they carry", "Clients can message us from the site"]);
  });
});

// Written for this test, in no corpus: a tool shed.
describe("statedRules: what never happens to a thing", () => {
  it("says how it goes, no rule; a rule said with never is still one", () => {
    expect(statedRules(readProject("Members borrow tools, but late returns are never followed up. Tools must never leave the village.", ""))).toEqual(["Tools must never leave the village."]);
  });
});

// Written for this test, in no corpus: a ferry to an island.
describe("featuresFromReading: how the speakers work, and what stays as it is", () => {
  it("are no features ('Every Saturday we run three crossings', 'Fares stay cash at the pier')", () => {
    const t = "Every Saturday we run three crossings to the island. Fares stay cash at the pier. Passengers book a seat online.";
    expect(featuresFromReading(readProject(t), t)).toEqual(["Passengers book a seat online"]);
  });
});

// Written for this test, in no corpus: a coffee roaster.
describe("featuresFromReading: the speakers' trade", () => {
  it("is who they are, through clauses with no subject of their own ('We roast about 20 coffees, sell bags to ~30 cafés and shops and run a stall')", () => {
    const t = "We roast about 20 coffees, sell bags to ~30 cafés and shops and run a small stall. Cafés should be able to reorder from our price list.";
    expect(featuresFromReading(readProject(t), t)).toEqual(["Cafés should be able to reorder from our price list"]);
  });
});

// Written for this test, in no corpus: a tennis club.
describe("featuresFromReading: a sentence that names a pain", () => {
  it("still asks for what a clause of it asks for ('The caretaker needs a key list … — we lose about five keys a year'), but time it costs is no feature", () => {
    const t = "Members book the court online. The caretaker needs a key list for each week — we lose about five keys a year. The treasurer needs three evenings every month for the bills, which is a pain.";
    expect(featuresFromReading(readProject(t), t)).toEqual(["Members book the court online", "The caretaker needs a key list for each week"]);
  });
});

// Written for this test, in no corpus: a cider maker.
describe("featuresFromReading: keeping a product", () => {
  it("is carried by the product's own line, no feature ('Keep Xero for the accounts')", () => {
    const t = "Pubs should be able to order cases online. Keep Xero for the accounts.";
    expect(featuresFromReading(readProject(t), t)).toEqual(["Pubs should be able to order cases online"]);
  });
});

// Written for this test, in no corpus: a beach clean-up.
describe("featuresFromReading: a clause after a noun on the way", () => {
  it("gives what follows no subject ('… with their name and phone details, choose the shifts they can do')", () => {
    const t = "Volunteers sign up once with their name and phone details, choose the shifts they can do.";
    expect(featuresFromReading(readProject(t), t)).toEqual(["Volunteers sign up once with their name and phone details", "Volunteers choose the shifts they can do"]);
  });
});

// Written for this test, in no corpus: a music festival.
describe("featuresFromReading: people the speakers need, and what they ask to know", () => {
  it("are staff to find, no feature ('Every June we need volunteers'); 'we see each morning how many are coming' is one; what they hate is a pain", () => {
    const t = "Every June we need volunteers for the festival. Paying them in cash is something I hate. What I would love: volunteers pick their shifts, and we see each morning how many are coming.";
    const r = readProject(t);
    expect(featuresFromReading(r, t)).toEqual(["Volunteers pick their shifts", "We see each morning how many are coming"]);
    expect(r.pains).toEqual(["Paying them in cash is something I hate."]);
  });
});
