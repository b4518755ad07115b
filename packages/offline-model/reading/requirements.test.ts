// The reader of stated requirements, on sentences written for this test (none is in the
// corpus): a requirement exists only where the person's words say it.
import { describe, expect, it } from "vitest";
import { briefLine } from "../writers/requirement-lines";
import { readRequirements } from "./requirements";

const names = (text: string, ownName = "") => readRequirements(text, ownName).map((r) => `${r.kind}:${r.name}${r.relation ? `:${r.relation}` : ""}`);

describe("readRequirements", () => {
  it("reads channels, identity and devices with the clause they were said in", () => {
    const text = "Tutors confirm lessons by text message; parents need no account, just a phone number. Tutors use tablets at the desk.";
    expect(names(text)).toEqual(["channel:SMS", "identity:phone number", "identity:no account", "device:tablet"]);
    expect(readRequirements(text).find((r) => r.kind === "channel")?.said).toBe("Tutors confirm lessons by text message;".replace(/;$/, ""));
  });

  it("reads a phone number as identity only where people are known by it, not where it is kept as contact data", () => {
    expect(names("The fixtures secretary keeps a list of referees with their mobile numbers.")).toEqual([]);
    expect(names("Parents sign in with their phone number and a code.")).toEqual(["identity:phone number"]);
  });

  it("a channel or device ruled out is not required", () => {
    expect(names("No WhatsApp, please. We don't need tablets.")).toEqual([]);
  });

  it("names products the person uses, compares with or integrates, and nothing else", () => {
    const text = "Today the tutors plan in Notion. Parents will pay with SumUp. It should feel like Calendly.";
    expect(names(text)).toEqual(["product:Notion:uses", "product:SumUp:integrates", "product:Calendly:compares"]);
    // A clause joined to one about today is about today too, however far its name is from "Today".
    expect(names("Today we handle the bookings, the reminders and the invoices with e-mails and a big Excel.")).toEqual(["product:Excel:uses"]);
    // A word of another tongue said as a kind ("a family-run Konditorei") or glossed in plain words is that thing, no product.
    expect(names("We are a family-run Konditorei in Graz. Staff sign up for Spaetdienst (late closing shifts) in a shared Google Sheet.")).toEqual(["product:Google Sheet:uses"]);
    // (Written for this test, in no corpus: a care home.) Behind adjectives, or after a count, a word of another tongue is what is made or counted.
    expect(names("We have 14 Pflegerinnen. Nurses fill in a daily Pflegebericht for each resident.")).toEqual([]);
  });

  it("a name in parentheses after an ordinary noun glosses it, after our organisation names it; after a tool's noun it names the tool", () => {
    expect(names("Guests choose bed and breakfast (Frühstückspension) or a full board.")).toEqual([]);
    expect(names("Our rowing club (RV Elbe Dresden) trains daily.")).toEqual([]);
    expect(names("Crews sign up in a booking tool (Zapbook) today.")).toEqual(["product:Zapbook:uses"]);
  });

  it("a kind of thing with an article, a language, a place or the person's own organisation is not a product", () => {
    expect(names("A SaaS portal for tutoring centres in Lisbon. Lessons are in Portuguese and English.")).toEqual([]);
    // A capitalised word before a lower-case noun is that thing's brand.
    expect(names("Today I post a Padlet board and parents reply in the comments.")).toEqual(["product:Padlet:uses"]);
    expect(names("We are Lernwerk, a tutoring centre. Our Lernwerk app replaces paper.", "Lernwerk")).toEqual([]);
  });

  it("months, platforms, unknown languages and capitalised common words are not products", () => {
    expect(names("Our allotment season opens in March. Gardeners speak Gujarati and English. Tools go back to the Shed crew.")).toEqual([]);
    expect(names("Volunteers mostly carry Android phones.")).toEqual(["device:phone"]);
    expect(names("Member data must stay in the EU, and Ghent volunteers edit it.")).toEqual([]);
  });

  it("a product after a possessive is the person's tool, and one used today is not an integration they ask for", () => {
    expect(names("Members plan rides in our Strava club.")).toEqual(["product:Strava:uses"]);
    expect(names("Right now we take bookings through Fresha.")).toEqual(["product:Fresha:uses"]);
    expect(names("Bookings should sync with Fresha, which we use today.")).toEqual(["product:Fresha:integrates"]);
  });

  it("reads a bad signal as offline use, and signing in with e-mail as no e-mail channel", () => {
    expect(names("Rangers record sightings up in the gorge, where reception is really patchy.")).toEqual(["availability:offline"]);
    // Written for this test, in no corpus.
    expect(names("Sometimes there is no network in the lower fields.")).toEqual(["availability:offline"]);
    expect(names("Rangers log in with their e-mail address.")).toEqual([]);
    expect(names("It doesn't need to work offline and we won't send anything by SMS.")).toEqual([]);
  });

  it("reads 'web only' as the browser, and claims no install step the person did not rule out", () => {
    const [web] = readRequirements("Booking for the lane swims, web only, no app store.").filter((x) => x.name === "browser");
    expect(web).toMatchObject({ kind: "device", said: expect.stringContaining("web only") });
    expect(briefLine(web)).not.toMatch(/install/i);
  });

  it("reads letters or the post as a channel only where the sentence says some people are not online", () => {
    expect(names("Several of the bell ringers have no e-mail, so rota changes still go out as letters.")).toEqual(["channel:post"]);
    expect(names("Parish news reaches the ringers who are not online by post.")).toEqual(["channel:post"]);
    expect(names("Parish news reaches the older ringers by post.")).toEqual([]);
    expect(names("Readers send letters to the editor about the bells.")).toEqual([]);
    const post = readRequirements("Several of the bell ringers have no e-mail, so rota changes still go out as letters.")[0];
    expect(briefLine(post)).toMatch(/^Letters by post — as you said/);
  });

  it("reads 'nothing to install' as a browser requirement", () => {
    const r = readRequirements("Most helpers only have old phones, so nothing to install.").find((x) => x.name === "browser");
    expect(r).toMatchObject({ kind: "device", name: "browser", said: expect.stringContaining("nothing to install") });
  });

  it("a device word that describes a noun names no device, and a name said in passing is only named", () => {
    expect(names("We run a mobile coffee cart at markets.")).toEqual([]);
    expect(names("We run a mobile coffee cart; it must work on my phone.")).toEqual(["device:phone"]);
    expect(names("Leaks go to the managing agent, Harlow Lettings, and wait there.")).toEqual(["product:Harlow Lettings:named"]);
    expect(names("Repairs go to the agent, Holt Lettings, by post.")).toEqual(["product:Holt Lettings:named"]);
    expect(names("We use Harlow Lettings for the rent.")).toEqual(["product:Harlow Lettings:uses"]);
    expect(names("No customer accounts, a name and e-mail is enough.")).toEqual(["identity:no account"]);
    expect(names("No Twitter login and no Google accounts.")).toEqual([]);
    // A device nobody picks up is one people handle, not what the product runs on.
    expect(names("Tenants ring the office and nobody answers the phone.")).toEqual([]);
  });

  it("reads a name between a count and the counted plural as a kind, never as a product they use", () => {
    expect(names("The club lends 6 Brompton bikes to about 30 MSc students.")).toEqual([]);
    expect(names("We lend bikes and track them in Airtable.")).toContain("product:Airtable:uses");
  });
  it("reads people without internet as people reached another way, a device they keep as no device it runs on, and paying with a named service as working with it", () => {
    expect(readRequirements("Many tenants have no internet, so the office posts letters.").map((r) => r.name)).not.toContain("offline");
    expect(readRequirements("The mountain hut has no signal.").map((r) => r.name)).toContain("offline");
    expect(readRequirements("Rangers often have no signal in the valley.").map((r) => r.name)).toContain("offline");
    expect(readRequirements("Payment in the app with Twint or card.").find((r) => r.name === "Twint")?.relation).toBe("integrates");
  });
});

describe("readRequirements: a phone that is a verb or holds contacts", () => {
  it("is no device", () => {
    // Written for this test, in no corpus.
    expect(readRequirements("Clients phone or text me to book, and I keep them in my phone contacts.").filter((r) => r.kind === "device")).toEqual([]);
    expect(readRequirements("Clients book on their phones.").some((r) => r.kind === "device")).toBe(true);
  });
});

// Written for this test, in no corpus: a swimming pool's concessions and a choir.
describe("readRequirements: a name that says which people", () => {
  it("reads 'people on X' as only named, never as a tool the speakers use", () => {
    expect(names("Entry is £2, free for pensioners and people on Pension Credit.")).toContain("product:Pension Credit:named");
    expect(names("Swimmers with Medicaid pay nothing.")).toContain("product:Medicaid:named");
    expect(names("We post the rota on Instagram.")).toContain("product:Instagram:uses");
  });
});

// Written for this test, in no corpus: a physiotherapy practice and a locksmith.
describe("readRequirements: where they work, and a call on the phone", () => {
  it("reads the town their place of work is in as no product, and 'call us on the phone' as calls, not a device", () => {
    expect(names("I work at a small physiotherapy practice in Treviso. Patients call us on the phone to book.")).toEqual(["channel:phone calls"]);
    expect(names("It must work on the phone too.")).toContain("device:phone");
    expect(names("Guides lead walks where there is no data signal.")).toEqual(["availability:offline"]);
    // A phone listed with a name or an e-mail is a contact detail.
    expect(names("At check-in we note each dog's breed, the owner's name and phone.")).toEqual([]);
    expect(names("We keep an email, phone and address per donor.")).toEqual([]);
  });
});

// Written for this test, in no corpus: a dental lab and a florist.
describe("readRequirements: a tool in use that must stay", () => {
  it("is one the product works with; 'must stay simple' says nothing of the tool", () => {
    expect(names("We already do our invoices in Holded, and that must stay.")).toContain("product:Holded:integrates");
    expect(names("The shop keeps using Square for the till.")).toContain("product:Square:integrates");
    expect(names("We use Trello today, it must stay simple.")).toContain("product:Trello:uses");
  });
});

// Written for this test, in no corpus: a German-speaking carpenter.
describe("readRequirements: a name right after a verb of making", () => {
  it("is what is made, never a tool in use", () => {
    expect(names("Every Friday I write Angebote by hand for each client, and we use Trello.")).toEqual(["product:Trello:uses"]);
  });
});

// Written for this test, in no corpus: a guest house.
describe("readRequirements: the words a product is quoted with", () => {
  it("are its own clause, cut where ', then' starts the next", () => {
    const [p] = readRequirements("Guests ask for a room by e-mail or on our contact form, then the manager copies it into Airtable.").filter((r) => r.kind === "product");
    expect(p).toMatchObject({ name: "Airtable", said: "the manager copies it into Airtable." });
  });
});

// Written for this test, in no corpus: a removal firm.
describe("readRequirements: a text sent on a named app", () => {
  it("is that app's message, not an SMS", () => {
    expect(names("The office texts the crew on Telegram.")).toEqual(["channel:Telegram"]);
    expect(names("The office texts the crew the night before.")).toEqual(["channel:SMS"]);
  });
});

// Written for this test, in no corpus: a Polish sports club.
describe("readRequirements: a name after a short all-capital word", () => {
  it("is one name with it ('pay by BLIK Express' names 'BLIK Express', never 'Express')", () => {
    expect(names("Parents pay the fee by cash or BLIK Express.").filter((n) => n.startsWith("product:"))).toEqual(["product:BLIK Express:integrates"]);
  });
});

// Written for this test, in no corpus: a tutoring agency.
describe("readRequirements: a name that ends in digits", () => {
  it("is a name the tagger did not know ('Something like Tutor365 is too much'), never a level such as 'B2'", () => {
    expect(names("Something like Tutor365 is too much for us.")).toEqual(["product:Tutor365:compares"]);
    expect(names("Levels go from A1 to C1 and most are at B2.")).toEqual([]);
  });
});

// Written for this test: a water kiosk, in no corpus.
describe("readRequirements: a name with a capital on each side of a hyphen", () => {
  it("is a product the person named ('pay with E-Zwich at the kiosk'), while a hyphenated common word is none", () => {
    const names = readRequirements("Customers pay with E-Zwich at the kiosk. Refills are half-price on Sundays.").filter((q) => q.kind === "product").map((q) => q.name);
    expect(names).toEqual(["E-Zwich"]);
  });
});

// Written for this test: a surf school, in no corpus.
describe("readRequirements: places, the speaker's own name and capitalised describing words", () => {
  it("name no product ('on Tiree, Scotland', 'I'm the owner, Morag', 'need Intermediate'), while 'via Wise' still does", () => {
    const names = readRequirements("We run a surf school on Tiree, Scotland — me (I'm the owner, Morag) and two instructors. Some breaks need Intermediate. We take bookings through Bookwhen and pay staff via Wise.").filter((q) => q.kind === "product").map((q) => q.name);
    expect(names).toEqual(["Bookwhen", "Wise"]);
  });
});

// Written for this test: a cider maker, in no corpus.
describe("readRequirements: a product said twice", () => {
  it("is one to work with when the person later says to keep it, quoted where they said so; a place after a compound trade is a place ('Cidery in Hereford')", () => {
    const products = readRequirements("Cidery in Hereford. Pubs ring in their orders and I copy them into Xero by hand. Keep Xero for the accounts.").filter((q) => q.kind === "product");
    expect(products).toEqual([expect.objectContaining({ name: "Xero", relation: "integrates", said: "Keep Xero for the accounts." })]);
  });
});

// Written for this test: a bike kitchen, in no corpus.
describe("readRequirements: a name after 'in' in the opening words", () => {
  it("is where they are, before any verb ('Bike kitchen in Kilkeel'), never a product they use", () => {
    expect(readRequirements("Bike kitchen in Kilkeel, about 25 volunteers. Riders book a repair slot online.").filter((q) => q.kind === "product")).toEqual([]);
  });
});
