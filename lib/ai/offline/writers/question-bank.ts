// Candidate questions per persona, each scored by how much it matters for THIS
// project. Topics never overlap between personas ("Do not duplicate their
// domains"): Nadia owns users, pain and success; Oscar owns regulation, standards and
// competition; Tessa owns scale, stack, platform and integration.
import type { ProjectContext } from "../context";
import { joinList, lowerFirst } from "../text-utils";
import { userActors } from "../actors-view";

export interface Candidate {
  topic: string;
  text: string;
  score: number;
}

function actorsPhrase(ctx: ProjectContext): string {
  return joinList(userActors(ctx).slice(0, 2).map((a) => a.plural)) || "your first users";
}

function successExamples(ctx: ProjectContext): string {
  const t = ctx.traits;
  if (t.has("marketplace")) return "weekly orders, repeat buyers or active sellers";
  if (t.has("clinical_decision")) return "minutes from check-in to a confirmed priority, or how often nurses override the suggestion";
  if (t.has("health")) return "no-show rate, time spent on notes per session, or sessions booked per week";
  if (t.has("k8s_operator")) return "clusters running it, or restores that succeed on the first try";
  if (t.has("simple_site")) return "visits, enquiries or orders coming in through the site each week";
  if (t.has("game")) return "rounds played per teacher per week, or how many students finish a round";
  if (t.has("incident_ops")) return "time to mitigate, or the share of incidents run from a runbook";
  if (t.has("iot")) return "alerts acted on within minutes, or devices reporting on time";
  if (t.has("cli")) return "weekly active installs, or time saved per run";
  if (t.has("internal_tool")) return "hours saved per week, or how many teams use it without being asked";
  return "weekly active users, retention after a month, or revenue";
}

export function nadiaCandidates(ctx: ProjectContext): Candidate[] {
  const p = ctx.profile;
  const t = ctx.traits;
  const who = actorsPhrase(ctx);
  const feats = p.features.map((f) => lowerFirst(f));
  const out: Candidate[] = [
    {
      topic: "users",
      text: `Who exactly are the first ${who} you will put this in front of, and what do they do today instead of using ${/^[aeiou]/i.test(p.head) ? "an" : "a"} ${p.head}?`,
      score: 9,
    },
    {
      topic: "success",
      text: `Three months after launch, which number tells you it worked — for example ${successExamples(ctx)}?`,
      score: 8,
    },
    {
      topic: "pain",
      text: feats.length >= 2
        ? `Which part hurts most today: ${joinList(feats.slice(0, 3).map((f) => `“${f}”`), "or")}? That is where the first version should shine.`
        : `What is the single most painful moment for ${who} today that the first version must fix?`,
      score: 7,
    },
  ];
  if (t.has("marketplace")) {
    const sides = userActors(ctx).slice(0, 2).map((a) => a.plural);
    out.push({
      topic: "supply",
      text: `Which side will you recruit first${sides.length === 2 ? ` — ${sides[0]} or ${sides[1]}` : ""} — and how will you find the first twenty of them?`,
      score: 8.5,
    });
    out.push({ topic: "trust", text: `What would make someone trust a ${p.actors[0]?.singular ?? "seller"} they have never met — ratings, verified profiles, photos, or something else?`, score: 7.5 });
  }
  if (t.has("education")) out.push({ topic: "adoption", text: "What would make a teacher run this again next week rather than once — and who decides whether a school adopts it?", score: 8.2 });
  if (t.has("health")) {
    out.push(
      t.any("clinical_decision", "tablet_kiosk")
        ? { topic: "workflow", text: "What does a nurse do today when the waiting room fills up, and at which step does that process break down?", score: 8.4 }
        : { topic: "workflow", text: `Walk me through a day of a ${userActors(ctx)[0]?.singular ?? "clinician"} today: where does the current process lose time or information?`, score: 8.4 },
    );
  }
  if (t.has("internal_tool")) {
    out.push({
      topic: "adoption",
      text: t.has("incident_ops")
        ? `Who will write and maintain the content, and what would make ${who} reach for this tool in the middle of an incident instead of their own notes?`
        : `What would make ${who} use this every day instead of the workaround they have now — and who decides that they switch?`,
      score: 8,
    });
  }
  if (feats.length >= 3) out.push({ topic: "scope", text: `If the first release could only do two of these — ${joinList(feats.slice(0, 4), "or")} — which two?`, score: 6.5 });
  return out;
}

export function oscarCandidates(ctx: ProjectContext): Candidate[] {
  const t = ctx.traits;
  const p = ctx.profile;
  const regs = new Set(ctx.regulations.map((r) => r.id));
  const who = actorsPhrase(ctx);
  const country = t.region.countries.find((c) => c !== "United States") ?? "your launch country";
  const out: Candidate[] = [];
  if (regs.has("hipaa")) out.push({ topic: "HIPAA", text: "Will you sign a business associate agreement (BAA) with each clinic, and are you ready for HIPAA audit logging of every view of patient data?", score: 10 });
  if (regs.has("gdpr_special")) out.push({ topic: "health data", text: "Session notes and diagnoses are special-category data under GDPR Article 9: which must the platform store, for how long, and will you run a DPIA before launch?", score: 9.7 });
  if (regs.has("fda_cds")) out.push({ topic: "clinical safety", text: "Must a nurse confirm every suggested priority before it counts? That keeps it clinical decision support rather than a regulated medical device under the FDA's CDS guidance.", score: 9.6 });
  if (regs.has("hl7_fhir")) out.push({ topic: "standards", text: "Which EHR and FHIR version do the clinics run (for example Epic or athenahealth on FHIR R4 with US Core profiles), and will they allow writes or only reads?", score: 9 });
  if (regs.has("pci_dss")) out.push({ topic: "PCI DSS", text: "Are you happy for a payment provider such as Stripe to hold all card data, so you stay in the lightest PCI DSS scope (SAQ A) and never store card numbers?", score: 9.4 });
  if (regs.has("gdpr")) {
    out.push(
      t.any("iot", "logistics") && t.has("location")
        ? { topic: "GDPR", text: "Vehicle GPS traces are personal data of the drivers under GDPR: how long must positions be kept, and have drivers been informed (works councils often must agree)?", score: 9.3 }
        : { topic: "GDPR", text: `Which personal data do you need from ${who} (names, addresses, phone numbers), and for how long? GDPR asks for a purpose and a retention period for each.`, score: 9.2 },
    );
  }
  if (regs.has("dsa")) out.push({ topic: "platform rules", text: `Will ${p.actors[0]?.plural ?? "sellers"} be registered businesses or private individuals? The EU Digital Services Act${regs.has("dac7") ? " and DAC7" : ""} require the platform to verify sellers${regs.has("dac7") ? " and report their income" : ""}.`, score: 8.8 });
  if (regs.has("food_hygiene")) out.push({ topic: "food safety", text: `Do cooks need to be registered food businesses in ${country}${t.region.countries.includes("Portugal") ? " (ASAE oversight)" : ""}, and who declares the 14 regulated allergens for each dish?`, score: 9.1 });
  if (regs.has("coppa") || regs.has("gdpr_children")) out.push({ topic: "children's privacy", text: "How old are the youngest players, and in which countries are the schools? Under-13s bring COPPA in the US and parental-consent rules under GDPR Article 8 in Europe.", score: 9.5 });
  if (regs.has("ferpa")) out.push({ topic: "school contracts", text: "Will schools sign up centrally (a district data agreement) or will teachers sign up on their own? FERPA obligations depend on it.", score: 8 });
  if (regs.has("soc2") && t.has("internal_tool")) out.push({ topic: "audit", text: `Does your security team require SOC 2 or ISO 27001 evidence for internal tools — access reviews, audit logs of who changed a record, retention of ${t.has("incident_ops") ? "incident data" : "records"}?`, score: 8.7 });
  if (t.has("incident_ops")) out.push({ topic: "practice", text: "Do you follow a defined incident process — severity levels, an incident commander role, postmortem templates — that checklists and the timeline export must match?", score: 8.9 });
  if (regs.has("cyber_resilience")) out.push({ topic: "device security", text: "Are the devices sold in the EU? The Cyber Resilience Act then requires security updates and vulnerability handling for their support period.", score: 8.5 });
  if (regs.has("aml_kyc")) out.push({ topic: "KYC/AML", text: "Will money move between users? Then identity checks (KYC) and anti-money-laundering monitoring apply — do you plan to use a licensed partner for that?", score: 9 });
  if (regs.has("wcag") && t.has("education")) out.push({ topic: "accessibility", text: "Do schools you target require WCAG 2.2 AA in procurement? Timed questions need an accessible alternative for students who use assistive technology.", score: 7.8 });
  if (ctx.traits.has("clinical_decision") && !regs.has("fda_cds") && !regs.has("eu_ai_act")) out.push({ topic: "clinical safety", text: "Who is accountable for a wrong priority — will a clinician always confirm it?", score: 8 });
  const named = ctx.reading.requirements.filter((r) => r.kind === "product").map((r) => r.name);
  out.push(
    named.length
      ? { topic: "alternatives", text: `You named ${joinList(named.slice(0, 3))}: what should ${who} keep from it, and what made it not good enough?`, score: 7.6 }
      : { topic: "alternatives", text: `What do ${who} use today — spreadsheets, chat groups, an off-the-shelf product — and what would make them switch?`, score: 7.4 },
  );
  out.push({ topic: "regulation", text: `Is there any regulation, customer contract or industry standard that applies to the data you will hold${t.region.unknown ? ", and in which countries will it be used" : ""}? If not, we treat OWASP ASVS Level 2 as the bar.`, score: 6 });
  return out;
}

export function tessaCandidates(ctx: ProjectContext): Candidate[] {
  const t = ctx.traits;
  const p = ctx.profile;
  const num = p.numbers.find((n) => /\d/.test(n) && !/%|person|developers?|engineers?/i.test(n));
  const who = actorsPhrase(ctx);
  const out: Candidate[] = [];
  if (t.has("realtime")) {
    out.push({
      topic: "scale",
      text: num
        ? `With ${num}, how many sessions could run at the same time at peak, and how fast must an update reach every device — under a second?`
        : "How many people will be connected at the same time at peak, and how fast must an update reach every device — under a second?",
      score: 9.5,
    });
  } else if (t.has("internal_tool")) {
    out.push({ topic: "scale", text: `How many people use it during a busy incident or workday, and how much content exists today that must be imported on day one?`, score: 8.5 });
  } else {
    out.push({ topic: "scale", text: `How many ${who} do you expect at launch and after a year, and what does the busiest hour look like${num ? ` (you mentioned ${num})` : ""}?`, score: 8.5 });
  }
  out.push(
    ctx.prefs.family
      ? { topic: "team", text: "Who is building it and by when — how many developers, and is there a date the first version must be live?", score: 8.8 }
      : { topic: "stack", text: "What does your team already know well — languages, frameworks, cloud — and is there anything you must not use?", score: 9 },
  );
  if (t.has("ehr_integration")) out.push({ topic: "integration", text: "How do we reach each clinic's EHR — a FHIR endpoint reachable from the cloud, or only through an interface engine inside their network? Is there a sandbox we can test against?", score: 9.3 });
  if (t.has("tablet_kiosk")) out.push({ topic: "devices", text: "Which tablets will the waiting rooms use, are they managed by an MDM, and is the Wi-Fi reliable enough or must a form survive a dropped connection?", score: 8.6 });
  if (t.has("mobile") && !t.has("tablet_kiosk")) out.push({ topic: "platform", text: `Do ${who} need an app from the App Store, or is a mobile web page opened from a link or code enough?`, score: 8.4 });
  if (t.has("cli")) out.push({ topic: "platform", text: "Which operating systems must it support, and how should people install it — Homebrew, npm, a single downloadable binary?", score: 9.2 });
  if (t.has("k8s_operator")) out.push({ topic: "platform", text: "Which Kubernetes versions and distributions must it support (EKS, GKE, OpenShift), and can it run with namespace-scoped permissions only?", score: 9.2 });
  if (t.has("video_calls")) out.push({ topic: "scale", text: "How many video sessions run at the same time at peak, and must sessions ever be recorded?", score: 9.6 });
  if (t.has("iot")) out.push({ topic: "devices", text: "How do the devices talk today — protocol (MQTT, HTTP), message size and rate — and can we provision a certificate on each one?", score: 9.3 });
  if (t.has("incident_ops")) out.push({ topic: "integration", text: "Where do the dashboards live (Grafana, Datadog, CloudWatch), and should runbook links open them with the incident's time range filled in?", score: 8.4 });
  if (t.has("internal_tool")) out.push({ topic: "hosting", text: "Where do internal tools run today — a Kubernetes platform, a PaaS — and which identity provider must we use for sign-in?", score: 8.2 });
  if (t.has("payments") && !t.has("marketplace")) out.push({ topic: "payments", text: "Which payment methods must work on day one, and in which currencies?", score: 7 });
  out.push({ topic: "constraints", text: "Any hard constraints — a cloud you already pay for, a monthly budget ceiling, data that must stay in one region?", score: 7.2 });
  if (t.has("offline_first")) out.push({ topic: "connectivity", text: "How long may a device be offline, and who wins when two people edit the same record while disconnected?", score: 9 });
  return out;
}

export function classicCandidates(ctx: ProjectContext): Candidate[] {
  // Classic D7 probes problem, users, features, constraints and success in one go.
  const n = nadiaCandidates(ctx);
  const tes = tessaCandidates(ctx);
  const pick = (xs: Candidate[], topic: string) => xs.find((c) => c.topic === topic);
  return [
    pick(n, "users") ?? n[0],
    { topic: "constraints", text: `What constraints should we design around — team size and skills, deadline, budget, and any rules the data falls under${ctx.regulations.some((r) => r.legal) ? ` (${ctx.regulations.find((r) => r.legal)!.name.split(" (")[0]} looks likely)` : ""}?`, score: 8 },
    pick(n, "success") ?? n[1],
    pick(tes, "scale") ?? tes[0],
  ].filter(Boolean) as Candidate[];
}
