// Domain traits: what a description implies beyond its words. Each trait lists the
// phrases that reveal it; writers branch on traits, never on scenario names, so any
// description that mentions "patients" or "checkout" gets the right expertise.

export interface TraitDef<Id extends string = TraitId> {
  id: Id;
  /** Strong phrases count 2, weak ones 1; a trait holds at `threshold` (default 2). */
  strong: readonly string[];
  weak?: readonly string[];
  threshold?: number;
  /** Only the person's own strong word holds it ("kids", "Students are 11 to 14"): facts about people are never guessed. */
  saidOnly?: boolean;
}

/** Regex sources; matched case-insensitively on word boundaries. */
const TRAIT_DEFS = [
  {
    id: "payments",
    strong: ["pay(?:s|ing|ment|ments)?", "checkout", "(?:credit|debit) cards?", "card payments?", "by card", "billing", "invoic\\w*", "subscriptions?", "commission", "stripe", "adyen", "paypal", "mb ?way", "refunds?", "payouts?"],
    weak: ["wallet", "purchas\\w*", "fees?", "prices?", "pricing"],
  },
  {
    id: "marketplace",
    strong: ["marketplace", "connects? [\\w-]+(?: [\\w-]+)? with", "two-sided", "peer-to-peer", "p2p"],
    weak: ["sellers?", "vendors?", "buyers?", "commission", "listings?", "hosts?"],
  },
  { id: "ecommerce", strong: ["online (?:store|shop)", "e-?commerce", "shopping cart", "cart"], weak: ["shop", "catalog(?:ue)?", "products?", "inventory", "orders?"] },
  {
    id: "food",
    strong: ["food", "meals?", "dish(?:es)?", "cooks?", "home-made", "homemade", "restaurants?", "recipes?", "groceries", "chefs?", "bakery", "bakeries", "pizzerias?"],
    // A café is a venue first: a repair café or an internet café serves no food. Alone it is weak evidence; with a menu, coffee or anything eaten it makes the food trait.
    weak: ["kitchens?", "menus?", "eat\\w*", "caf[ée]s?", "coffee(?: shops?)?"],
  },
  {
    id: "health",
    strong: ["patients?", "clinics?", "hospitals?", "medical", "health ?care", "symptoms?", "nurses?", "doctors?", "physicians?", "prescriptions?", "ehr", "emr", "phi", "urgent[- ]care", "mental health", "telehealth", "medication\\w*"],
    weak: ["triage", "diagnos\\w+", "therap\\w+", "health", "wellness"],
  },
  { id: "ehr_integration", strong: ["ehr", "emr", "hl7", "fhir", "cerner", "electronic health records?"], weak: ["epic"] },
  { id: "clinical_decision", strong: ["suggests? (?:a )?priorit\\w+", "risk scores?", "symptom checker", "triage"], weak: ["priorit\\w+", "diagnos\\w+"] },
  {
    id: "realtime",
    strong: ["real[- ]?time", "multiplayer", "websockets?", "live (?:updates?|scores?|dashboard|chat|collaboration|location|tracking)"],
    weak: ["live", "countdown", "leaderboards?", "instant(?:ly)?", "chat", "presence", "collaborat\\w+", "streaming", "updates? after every", "as it happens"],
  },
  { id: "game", strong: ["games?", "quiz(?:zes)?", "leaderboards?", "multiplayer", "trivia"], weak: ["players?", "scores?", "rounds?"] },
  {
    id: "education",
    strong: ["classrooms?", "students?", "teachers?", "schools?", "pupils?", "learners?", "homework", "education\\w*", "tutor\\w*", "e-?learning"],
    weak: ["lessons?", "courses?", "quiz(?:zes)?"],
  },
  {
    id: "minors",
    strong: ["pupils?", "kids?", "children", "child", "minors?", "teens?", "teenagers?", "k-12", "primary school", "high school", "under 1[3-8]", "(?:are|aged?|ages)\\s+(?:[4-9]|1[0-7])\\s*(?:to|-|–)\\s*(?:[4-9]|1[0-7])", "(?:[4-9]|1[0-7])[- ]years?[- ]olds?"],
    weak: ["classrooms?", "students?", "parents?", "schools?"],
    saidOnly: true,
  },
  {
    id: "internal_tool",
    strong: ["internal", "back[- ]office", "company-wide", "intranet", "sre team", "our (?:staff|employees)", "for our [\\w-]+ (?:team|department|desk)"],
    weak: ["employees?", "staff", "our team", "\\d+-person", "ops team", "admin panel"],
  },
  { id: "incident_ops", strong: ["incidents?", "runbooks?", "on-?call", "sre", "post-?incident", "postmortems?", "outages?", "pager\\w*"], weak: ["alerts?", "dashboards?"], threshold: 3 },
  {
    id: "ai",
    strong: ["ai", "llms?", "gpt", "machine learning", "chatbot", "embeddings?", "generative", "large language models?"],
    weak: ["ml", "summari[sz]\\w+", "recommendations?", "classif\\w+", "natural language", "predict\\w*"],
  },
  { id: "iot", strong: ["iot", "sensors?", "telemetry", "firmware", "mqtt", "smart meters?", "connected devices?"], weak: ["fleet", "gateways?", "trackers?", "vehicles?", "devices?"] },
  { id: "mobile", strong: ["mobile apps?", "ios", "android", "app store", "react native", "flutter", "native apps?"], weak: ["mobile", "phones?", "smartphones?"], threshold: 1 },
  { id: "tablet_kiosk", strong: ["tablets?", "kiosks?", "waiting rooms?", "shared devices?"], weak: ["front desk", "reception"] },
  { id: "offline_first", strong: ["offline", "poor connectivity", "no connectivity", "without (?:internet|connectivity)", "low bandwidth", "remote areas?"], weak: ["field workers?", "sync later"] },
  {
    id: "multi_tenant",
    // "Tenants" are as often people renting flats: alone the word is weak evidence.
    strong: ["saas", "b2b", "multi-tenant", "white-label"],
    weak: ["tenants?", "organi[sz]ations", "workspaces?", "each (?:company|school|team|customer)", "per-customer", "companies"],
  },
  { id: "search", strong: ["search\\w*", "full-text"], weak: ["find", "filter\\w*", "look ?up", "discover\\w*", "browse"] },
  { id: "media", strong: ["photos?", "images?", "pictures?", "videos?(?! (?:calls?|sessions?|consultations?|chats?|conferenc\\w*|visits?))", "uploads?", "attachments?", "audio"], weak: ["files?", "documents?", "pdfs?", "media", "scans?"] },
  { id: "markdown", strong: ["markdown", "rich text", "wiki", "knowledge base"], weak: ["notes?", "articles?", "docs", "documentation"] },
  { id: "cli", strong: ["cli", "command[- ]line"], weak: ["terminal", "shell", "scripts?"] },
  {
    id: "location",
    strong: ["maps?", "nearby", "gps", "geoloc\\w*", "geofenc\\w*"],
    weak: ["locations?", "neighbou?rs?", "neighbou?rhoods?", "radius", "addresses", "pickups?", "deliver\\w*", "cities"],
  },
  { id: "scheduling", strong: ["schedul\\w+", "appointments?", "bookings?", "reservations?", "calendars?", "time ?slots?", "pickup times?"], weak: ["shifts?", "availability", "rota"] },
  { id: "notifications", strong: ["notif\\w+", "reminders?", "sms", "push notifications?"], weak: ["alerts?", "emails?", "push"] },
  { id: "analytics", strong: ["analytics", "reporting", "kpis?"], weak: ["dashboards?", "reports?", "metrics", "charts?", "insights?"] },
  { id: "export", strong: ["exports?", "csv", "timeline export"], weak: ["download\\w*", "pdf"] },
  { id: "messaging", strong: ["chat", "inbox", "direct messages?"], weak: ["messag\\w+", "conversations?", "comments?"] },
  {
    id: "finance",
    // "Loans" of equipment or books are not lending money.
    strong: ["banking", "(?:bank|personal|business|student) loans?", "mortgages?", "trading", "ledger", "kyc", "aml", "crypto\\w*", "money transfers?", "send money"],
    // A project's own budget says nothing about the domain.
    weak: ["expenses?", "invest\\w+", "bank", "accounting", "insurance"],
  },
  { id: "logistics", strong: ["couriers?", "shipments?", "warehouses?", "dispatch\\w*", "parcels?"], weak: ["deliver(?:y|ies)", "drivers?", "routes?"] },
  { id: "social", strong: ["social network", "followers?", "community"], weak: ["reviews?", "ratings?", "profiles?", "feeds?", "likes?", "trust"] },
  { id: "e_signature", strong: ["e-?signatures?", "electronic signatures?", "sign (?:\\w+ )?(?:contracts?|documents?|agreements?|engagement letters?)", "docusign"], weak: ["signatures?"] },
  { id: "video_calls", strong: ["video (?:calls?|sessions?|consultations?|chats?|conferenc\\w*|visits?)", "webrtc", "telehealth", "telemedicine", "video therapy"], weak: ["video"] },
  { id: "simple_site", strong: ["(?:simple |small )?(?:website|web site|landing page|portfolio site|brochure site)"], weak: ["blog", "homepage"] },
  { id: "k8s_operator", strong: ["kubernetes operator", "k8s operator", "custom resources?", "crds?", "controller for kubernetes", "kubebuilder", "operator sdk"], weak: ["kubernetes", "k8s", "helm"], threshold: 2 },
  { id: "integrations", strong: ["integrat\\w+", "webhooks?", "slack", "existing (?:system|ehr|erp|crm|tools?)"], weak: ["apis?", "sync\\w*", "import\\w*", "links? to"] },
] as const satisfies readonly TraitDef<string>[];

/** The traits, one per entry above. */
export type TraitId = (typeof TRAIT_DEFS)[number]["id"];

export const TRAITS: readonly TraitDef[] = TRAIT_DEFS;
