import { describe, expect, it } from "vitest";
import { extractProfile } from "./extract-profile";
import { readProject } from "../reading/read-project";

describe("extractProfile: phrases with numbers", () => {
  it("never carries a sentence's full stop into the next sentence ('aged 18-45. Success is' is no volume)", () => {
    const p = extractProfile(
      "A booking app for climbing gyms: members reserve time slots.",
      "Members are climbers aged 18-45. Success is 60% of bookings online after six months. We expect 1,200 members and a 2.5k EUR budget.",
    );
    expect(p.numbers).toEqual(["60% of bookings", "1,200 members", "2.5k EUR budget"]);
  });
});

describe("extractProfile: the people it serves", () => {
  // Written for this test, in no corpus.
  it("reads a role word before people as who they are, and the organisation it is for as no user group", () => {
    const groups = readProject("Cleaning agency, 12 cleaners and 3 supervisors. Volunteer drivers bring the cleaners to each home; supervisors check the work.").actors;
    expect(groups).not.toContain("agency");
    expect(groups).not.toContain("volunteer");
    expect(groups).toEqual(expect.arrayContaining(["cleaner", "driver"]));
    // Nor is a role word inside a hyphenated adjective, or people said to be missing.
    expect(readProject("A volunteer-run repair workshop: kids book a slot with a mentor.").actors).not.toContain("volunteer");
    expect(readProject("Soup kitchen sign-ups. Guests book a seat. 2 of us, no developer.").actors).not.toContain("developer");
  });
});


describe("extractProfile: who the people are, said loosely", () => {
  // Written for this test, in no corpus: a cider house and a ferry.
  it("reads a role word before a noun as a kind of that noun, and a spoken opener as no part of the subject", () => {
    const text = "so I run a little cider house, we pour a few guest ciders too. The host books tables and staff pour.";
    expect(readProject(text).actors).toEqual(["host", "staff"]);
    expect(extractProfile(text, "").subject).toBe("a little cider house, we pour a few guest ciders too");
    expect(readProject("Ferry timetable app. The guest books a cabin, the crew checks tickets.").actors).toEqual(["guest"]);
  });

  it("keeps a first sentence that has its own subject as written, and a name's capitals", () => {
    expect(extractProfile("Every March we prune the orchards with ten helpers. Helpers log rows.", "").subject).toBe("Every March we prune the orchards with ten helpers");
    expect(extractProfile("Harbour Lane Allotments — plot waiting list.\n\nMembers swap plots.", "").subject).toMatch(/^an? Harbour Lane Allotments/);
  });

  it("drops the speaker's post before 'of a …' as before 'of our …'", () => {
    // Written for this test, in no corpus.
    expect(extractProfile("I am treasurer of a cantina social in Lisbon, we serve dinner to 80 people. Volunteers log meals.", "").subject).toBe("a cantina social in Lisbon, we serve dinner to 80 people");
  });

  it("puts no article before an opening that names many ('Climbing walls, 2 halls in Graz')", () => {
    // Written for this test, in no corpus.
    expect(extractProfile("Climbing walls, 2 halls in Graz, we are 3 owners. Climbers book slots.", "").subject).toMatch(/^climbing walls, 2 halls in Graz/);
  });
});

describe("extractProfile: a subject that opens with a number", () => {
  // Written for this test: a street's shared cargo bikes, in no corpus.
  it("puts no article before a number", () => {
    expect(extractProfile("Nine flats in our block share two cargo bikes. Residents book them.", "").subject).not.toMatch(/^an? nine/i);
  });
});

// Written for this test, in no corpus: a street's shared trailer.
describe("extractProfile: a first sentence with its own subject", () => {
  it("takes the product's noun from the app the person asks for, never the sentence's first words", () => {
    expect(extractProfile("Our block shares a trailer between ten flats. We want a small app where tenants book it.", "").head).toBe("app");
    expect(extractProfile("Our block shares a trailer between ten flats. Tenants book it.", "").head).toBe("project");
  });
});

// Written for this test, in no corpus: a choir's sheet-music library.
describe("extractProfile: a product said with what it does", () => {
  it("writes the relative clause's verb as its infinitive, by the NLP library, never by cutting an -s", () => {
    expect(extractProfile("A small library tool that goes through our sheet music and finds missing parts.", "").features[0]).toBe("Go through our sheet music and finds missing parts");
  });
});
