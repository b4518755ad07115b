// People who use the product, and the role nouns ("cooks", "nurses", "teachers") the
// reader knows as people whatever the tagger says. Who the users are is read from who acts
// (actors-view.ts), never from a role word alone.
import { plural } from "../text-utils";

export interface Actor {
  singular: string;
  plural: string;
}

// Plurals follow the spelling rules ("coaches", "agencies", "SREs").
export const ROLES: [string, string][] = [
  "cook", "chef", "buyer", "seller", "customer", "client", "neighbour", "neighbor", "patient", "nurse", "doctor",
  "physician", "clinician", "receptionist", "teacher", "student", "pupil", "parent", "player", "host", "guest",
  "tenant", "landlord", "driver", "courier", "rider", "passenger", "engineer", "developer", "admin", "administrator",
  "manager", "employee", "member", "volunteer", "organizer", "organiser", "attendee", "coach", "athlete", "trainer",
  "instructor", "learner", "tutor", "author", "editor", "reader", "moderator", "operator", "technician", "farmer",
  "artist", "freelancer", "recruiter", "candidate", "vendor", "merchant", "shopper", "subscriber", "resident",
  "traveller", "traveler", "responder", "dispatcher", "caregiver", "therapist", "worker", "owner", "agent", "creator",
  "viewer", "donor", "fleet manager", "analyst", "maintainer", "SRE", "firm", "agency", "walker", "sitter", "cleaner",
  "mechanic", "photographer", "accountant", "lawyer", "musician", "writer", "designer", "researcher", "shop owner",
  "restaurant owner", "homeowner", "renter",
].map((s) => [s, plural(s)]);
