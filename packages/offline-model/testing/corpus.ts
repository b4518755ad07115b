// The scenario corpus: kickoffs from different domains, each with the person's answers,
// at most one change request for the stack, and the facts a whole party must then hold
// in what it writes. Run on the real orchestrator with the instant offline model
// (lib/party/scenario-corpus.test.ts); docs/offline-model.md describes how to add one.

export interface CorpusScenario {
  name: string;
  title: string;
  description: string;
  answers: string;
  /** Said at the stack card with [C]; the card is approved after it. */
  change?: string;
  facts: {
    /** Entities the data model must have (`### Name`). */
    entities: string[];
    /** Words no artifact may contain (case-insensitive). */
    forbidden?: string[];
    /** The approved stack's language. */
    language?: RegExp;
    /** The problem statement's first pain, in the person's words. */
    firstPain?: RegExp;
    /** Every UI language must be named in the architecture. */
    languages?: string[];
    /** Words the architecture must contain (offline sync, compliance, …). */
    architecture?: RegExp[];
  };
}

export const CORPUS: CorpusScenario[] = [
  {
    name: "community gardens",
    title: "Green Plots",
    description:
      "A community gardens app: members reserve plots, log harvests, swap seeds and tools, organisers send watering rotas and announcements. Volunteer-run, tiny budget, no payments.",
    answers:
      "The watering rota hurts most: people forget their turn and plants die. The two volunteer developers know TypeScript, React and a bit of Python; we have used Postgres before. About 300 members across 4 gardens. UI in English and German. Hosting must stay under 20 EUR a month.",
    change: "Please use TypeScript, no PostGIS, no React Native, no Kubernetes.",
    facts: {
      entities: ["Plot", "Reservation", "Harvest", "Seed", "Tool", "Swap", "WateringRota", "Announcement"],
      forbidden: ["Stripe", "PostGIS", "React Native", "Kubernetes", "### Payment", "### Order"],
      language: /TypeScript/,
      firstPain: /watering rota hurts most/,
      languages: ["English", "German"],
    },
  },
  {
    name: "home-cooked food marketplace",
    title: "Tasca em Casa",
    description:
      "A marketplace app that connects home cooks with neighbours who want to order home-made meals. Cooks list dishes with photos and pickup times; buyers pay in the app; the platform takes a 12% commission. Launching in Lisbon and Porto.",
    answers:
      "Buyers are office workers aged 25-45; cooks are often retirees who are not very technical. The main problem is trust: food safety and reliable pickup. Success is 500 weekly orders after three months. Payments by card and MB Way. Two full-stack developers, strong in React. Personal data of EU residents, so GDPR applies.",
    facts: { entities: ["Cook", "Dish", "Order", "Payment", "PickupTime", "Photo"], language: /TypeScript/, firstPain: /main problem is trust/, architecture: [/GDPR/] },
  },
  {
    name: "urgent-care triage",
    title: "TriageDesk",
    description:
      "A symptom triage assistant for a network of US urgent-care clinics: patients describe symptoms on a tablet in the waiting room, the system suggests a priority, and nurses confirm it. It must integrate with the clinics' existing EHR over HL7 FHIR.",
    answers: "Nurses re-typing symptoms into the EHR is the biggest pain. Our team writes Python. No patient ever pays through this tool.",
    facts: { entities: ["Patient", "Symptom", "Priority", "Nurse"], forbidden: ["Stripe", "### Payment"], language: /Python/, firstPain: /re-typing symptoms/, architecture: [/HIPAA/, /FHIR/] },
  },
  {
    name: "classroom quiz",
    title: "QuizRush",
    description:
      "A live multiplayer quiz game for classrooms: a teacher starts a round, up to 40 students join from their phones with a code, questions appear in real time with a countdown, and a leaderboard updates after every answer.",
    answers: "Teachers lose ten minutes every lesson getting everyone connected; that is what hurts most. Students are 11 to 14. We know TypeScript.",
    facts: { entities: ["Teacher", "Student", "Question", "Round"], language: /TypeScript/, firstPain: /ten minutes every lesson/, architecture: [/WebSocket/i] },
  },
  {
    name: "SRE runbooks",
    title: "Runwell",
    description:
      "An internal runbook tool for a 30-person SRE team: searchable runbooks in markdown, step checklists executed during incidents with timestamps, links to dashboards, and a post-incident timeline export.",
    answers: "During incidents nobody knows which runbook is current — that is the main pain. We are a Go shop. Sign-in through Okta.",
    facts: { entities: ["Runbook", "Incident"], language: /Go/, firstPain: /nobody knows which runbook/, architecture: [/SSO|OIDC|Okta/] },
  },
  {
    name: "climbing gym bookings",
    title: "Boulder Slots",
    description: "A booking app for a climbing gym: climbers book sessions, staff check in climbers at the desk, and managers set the capacity of each time slot.",
    answers: "Overbooking at peak hours hurts most. We know Python and Django. Climbers pay at the desk, not in the app, so no payments here.",
    change: "Replace PostgreSQL with MySQL because our host only offers MySQL.",
    facts: { entities: ["Booking", "Session"], forbidden: ["Stripe", "### Payment"], language: /Python/, firstPain: /Overbooking at peak hours/ },
  },
  {
    name: "parcel logistics",
    title: "LastMile",
    description: "A delivery app for a regional courier: dispatchers assign deliveries to drivers, drivers scan parcels and capture signatures, and customers track their parcel.",
    answers: "Lost parcels are the biggest problem: nobody can prove where a parcel was last seen. The team knows Go well. Drivers often have no signal in rural areas.",
    change: "No Kubernetes, we are three people.",
    facts: { entities: ["Parcel", "Delivery", "Signature"], forbidden: ["Kubernetes"], language: /Go/, firstPain: /Lost parcels are the biggest problem/, architecture: [/offline/i] },
  },
  {
    name: "physiotherapy home exercises",
    title: "MoveDaily",
    description: "A home exercise app for a physiotherapy practice in Berlin: physiotherapists assign exercise plans to patients, patients log sessions and pain levels, and therapists review progress.",
    answers: "Patients forget their exercises between visits, which is the main pain. The app must be in German and English. We are two TypeScript developers. Health data of EU patients, GDPR applies.",
    facts: { entities: ["ExercisePlan", "Patient"], language: /TypeScript/, firstPain: /forget their exercises/, languages: ["German", "English"], architecture: [/GDPR/] },
  },
  {
    name: "language school homework",
    title: "Hausaufgabe",
    description: "A homework platform for a language school: teachers create assignments, students submit homework, and teachers grade submissions with comments.",
    answers: "Marking takes forever because homework arrives by email — that hurts most. Students are adults. The UI must be in German and English. We use PHP and Laravel.",
    facts: { entities: ["Assignment", "Submission"], language: /PHP/, firstPain: /Marking takes forever/, languages: ["German", "English"] },
  },
  {
    name: "office equipment loans",
    title: "LoanDesk",
    description: "An internal tool for equipment loans: employees borrow laptops and cameras, IT staff approve loans and record returns.",
    answers: "Late returns hurt most: nobody knows who has the good camera. We are a C# and .NET team. Sign-in with Azure AD.",
    facts: { entities: ["Laptop", "Camera", "Loan"], language: /C#|\.NET/, firstPain: /Late returns hurt most/ },
  },
  {
    name: "household budget without payments",
    title: "Pocketbook",
    description: "A household budget app: families record expenses, set monthly budgets per category, and share reports. No bank connections and no payments.",
    answers: "Forgetting small cash expenses is the main problem. I'm a solo developer who knows Python.",
    facts: { entities: ["Expense", "Budget", "Category"], forbidden: ["Stripe", "### Payment", "### Payout"], language: /Python/, firstPain: /Forgetting small cash expenses/ },
  },
  {
    name: "photo renaming CLI",
    title: "exifname",
    description: "A command-line tool that renames photos by their EXIF date, writes a log of renamed files, and can undo a batch.",
    answers: "Accidentally scrambling a folder of photos is what hurts most. Solo developer, I write Rust. It must run on Linux and macOS.",
    facts: { entities: ["Batch"], language: /Rust/, firstPain: /scrambling a folder/ },
  },
  {
    name: "beehive sensors",
    title: "HiveWatch",
    description: "A beekeeping app: beekeepers mount sensors in hives, sensors send weight and temperature readings, and beekeepers get alerts when a hive swarms.",
    answers: "Missing a swarm is the biggest pain. Hives stand in fields without mobile signal, so the app must work offline and sync later. We know Python.",
    facts: { entities: ["Hive", "Sensor", "Alert"], language: /Python/, firstPain: /Missing a swarm/, architecture: [/offline/i] },
  },
  {
    name: "recipe site",
    title: "Slow Kitchen",
    description: "A recipe site: authors publish recipes with photos, readers rate recipes and save favourites.",
    answers: "Readers cannot find recipes by ingredient, which frustrates them most. No comments and no ads. We know Ruby on Rails.",
    facts: { entities: ["Recipe", "Rating", "Favourite"], forbidden: ["### Comment"], language: /Ruby/, firstPain: /cannot find recipes by ingredient/ },
  },
  {
    name: "animal shelter",
    title: "Second Paw",
    description: "An app for an animal shelter charity: volunteers walk dogs, staff record adoptions, and adopters apply for pets online.",
    answers: "Applications get lost in a shared inbox — that is the main problem. Tiny budget, no payments: adopters pay nothing online. One volunteer developer who knows TypeScript.",
    change: "Drop Redis, it is one more thing to run.",
    facts: { entities: ["Dog", "Adoption", "Application"], forbidden: ["Stripe", "### Payment", "Redis"], language: /TypeScript/, firstPain: /Applications get lost/ },
  },
];
