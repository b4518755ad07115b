// What a project description says, pulled apart without a model: who it is for, what
// they do with it, and the rules it must follow. Direct mode answers the team's questions
// from this (no prompts: answers derived from the description).

export interface ProjectFacts {
  /** "a booking app" — the thing being built, when the description names it. */
  product: string | null;
  /** "independent climbing gyms in Austria" — whom it is "for". */
  audience: string | null;
  /** People or organisations that act in it: "members", "gyms". */
  users: string[];
  /** What they do with it, in the description's words: "members reserve time slots". */
  features: string[];
  /** Musts, limits, regulations, platforms: "must be GDPR compliant and work on phones". */
  constraints: string[];
  /** Technologies named in the description. */
  tech: string[];
  /** Clauses with a number in them ("about 2,000 members"). */
  numbers: string[];
  /** Places named after "in", "across"…: "Austria". */
  places: string[];
  /** Every clause, in order (for questions nothing else matches). */
  clauses: string[];
}

// Nouns for people and organisations that use software. A clause starting with one of
// these ("members reserve …") describes a user doing something.
const ROLES = new Set(
  (
    "users customers clients members staff employees admins administrators managers owners teachers students pupils parents patients " +
    "doctors nurses drivers riders volunteers organizers organisers guests visitors buyers sellers vendors suppliers tenants landlords " +
    "agents developers engineers teams shops restaurants businesses companies clubs coaches players athletes artists authors readers " +
    "writers editors researchers farmers freelancers contractors technicians mechanics dispatchers operators residents citizens " +
    "travelers travellers hosts instructors trainers learners subscribers fans donors schools clinics hospitals libraries stores " +
    "salons studios agencies hotels families kids children seniors caregivers therapists lawyers accountants recruiters candidates " +
    "applicants reviewers moderators creators musicians photographers partners providers professionals people gyms cafes bakeries " +
    "councils charities nonprofits startups couriers shoppers attendees speakers mentors mentees tutors coordinators planners " +
    "dispatchers cooks chefs waiters cleaners residents neighbours neighbors clinicians pharmacists vets breeders fixers repairers makers"
  ).split(" "),
);

const CONSTRAINT =
  /\b(must|should|shall|needs? to|has to|have to|required?|only|without|never|no more than|at most|at least|within|under|budget|deadline|compliant|compliance|gdpr|hipaa|pci|soc ?2|iso ?27001|accessib\w*|wcag|offline|mobile|phones?|tablets?|ios|android|browsers?|desktop|languages?|multilingual|i18n|self-hosted|on-prem\w*|open[- ]source|privacy|private|secure|security|encrypt\w*|latency|real-time|realtime|eu\b|europe\w*|cheap|free tier|low[- ]cost)\b/i;

const TECH =
  /\b(typescript|javascript|node(?:\.js)?|deno|python|django|flask|fastapi|ruby|rails|php|laravel|java|kotlin|spring|golang|rust|dotnet|elixir|react(?: native)?|next\.js|vue|nuxt|svelte|angular|flutter|postgres(?:ql)?|mysql|sqlite|mongodb|redis|firebase|supabase|aws|azure|gcp|google cloud|vercel|heroku|kubernetes|docker|stripe|twilio|openai|shopify|wordpress)\b/gi;

const TECH_ONE = new RegExp(TECH.source, "i");

const sentenceSplit = /(?<=[.!?])\s+|\n+/;

function clean(s: string): string {
  return s
    .replace(/\s+/g, " ")
    .replace(/^[\s,;:–—-]+|[\s,;:.!?–—-]+$/g, "")
    .trim();
}

/** Clauses: sentences cut at ":" and ";", lists cut at ", and", ", " and " but ". */
export function clausesOf(description: string): string[] {
  const out: string[] = [];
  for (const sentence of description.split(sentenceSplit)) {
    for (const part of sentence.split(/[:;]\s+|\s+[–—]\s+|,\s*(?:and|or|but|while|so)\s+|,\s+|\s+but\s+/i)) {
      const c = clean(part);
      if (c.split(" ").length >= 2) out.push(c);
    }
  }
  return out;
}

function firstWordRole(clause: string): string | null {
  const words = clause.toLowerCase().replace(/^(the|our|their|its|all|each|every|and|so|while)\s+/, "").split(/\s+/);
  // "gym staff manage …", "members reserve …": a role noun in the first two words, then a verb.
  for (const w of words.slice(0, 2)) {
    const bare = w.replace(/[^a-z'-]/g, "");
    if (ROLES.has(bare)) return bare;
    if (ROLES.has(`${bare}s`)) return `${bare}s`;
  }
  return null;
}

function unique(xs: string[]): string[] {
  const seen = new Set<string>();
  return xs.filter((x) => {
    const k = x.toLowerCase();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export function describeProject(description: string): ProjectFacts {
  const text = description.trim();
  const clauses = clausesOf(text);
  const firstSentence = text.split(sentenceSplit)[0] ?? "";

  // "A booking app for independent climbing gyms in Austria: …"
  const what = /^(?:(?:i|we)\s+(?:want|need|would like)\s+(?:to\s+build\s+)?|build\s+|let's build\s+)?((?:an?|the)\s+[^,:;.]{2,80}?)\s+(?:for|that helps|to help|used by)\s+([^,:;.]{3,120})/i.exec(firstSentence);
  const product = what ? clean(what[1]) : /^(an?|the)\s/i.test(firstSentence) ? clean(firstSentence.split(/[,:;]|\s+(?:with|that|which|where)\s+/)[0]) : null;
  const audience = what ? clean(what[2].split(/\s+(?:with|that|which|where|who|so|to)\s+/)[0]) : null;
  // "… for food banks to track donations and schedule pickups": the purpose is a feature.
  const purpose = what ? /\s(?:to|so they can|so that they can)\s+([^,:;.]{3,120})/i.exec(what[2])?.[1] : undefined;

  const users: string[] = [];
  if (audience) {
    // The head noun of the audience: "independent climbing gyms in Austria" → "gyms".
    const head = audience.split(/\s+(?:in|at|on|across|around|from|of|near|who|that)\s+/)[0].split(" ").pop();
    // "a repair café" → "cafés": the users are a group, like the roles below.
    if (head) users.push(/s$/i.test(head) ? head.toLowerCase() : `${head.toLowerCase()}s`);
  }
  const features: string[] = purpose ? [clean(purpose)] : [];
  const constraints: string[] = [];
  const numbers: string[] = [];
  for (const c of clauses) {
    const role = firstWordRole(c);
    if (role) users.push(role);
    const isProductClause = product !== null && c.toLowerCase().includes(product.toLowerCase()) && c === clauses[0];
    // A figure, not a digit inside a name ("CO2", "PSD2").
    if (/(?<![A-Za-z])\d/.test(c)) numbers.push(c);
    // "About 40 volunteers" is a size, not something anyone does.
    if (/^(about|around|roughly|approximately|up to|over|under|some|~)?\s*\d/i.test(c)) continue;
    // "no payments": a ban is a constraint, never a feature.
    if (((CONSTRAINT.test(c) || TECH_ONE.test(c)) && !role) || /^(?:no|not|without|never)\b/i.test(c)) constraints.push(c);
    else if (!isProductClause) features.push(c);
  }
  // "a todo app with reminders and sharing": what follows "with" in the product clause.
  const withPart = /^(?:an?|the)\s+(?:(?!\b(?:for|to)\b)[^,:;])*?\bwith\s+([^.:;,]+)/i.exec(firstSentence);
  if (withPart) features.unshift(...withPart[1].split(/\s+and\s+/).map(clean).filter(Boolean));
  const places = unique([...text.matchAll(/\b(?:in|across|throughout|within|around)\s+((?:the\s+)?(?:[A-Z][\w-]+)(?:\s+[A-Z][\w-]+)*)/g)].map((m) => m[1]));
  const tech = unique([...text.matchAll(TECH)].map((m) => m[0]));
  return {
    product,
    audience,
    users: unique(users),
    features: unique(features),
    constraints: unique(constraints),
    tech,
    numbers: unique(numbers),
    places,
    clauses,
  };
}
