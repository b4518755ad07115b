// Which laws and industry standards apply, derived from traits and region. Oscar cites
// them, Zara turns them into threats, the constitution turns them into articles.
import { CARD_PAYMENT } from "../reading/features";
import type { DomainTraits } from "./detect-domain";

export type RegulationId =
  | "pci_dss"
  | "psd2_sca"
  | "gdpr"
  | "uk_gdpr"
  | "gdpr_special"
  | "hipaa"
  | "hl7_fhir"
  | "eu_ai_act"
  | "coppa"
  | "ferpa"
  | "gdpr_children"
  | "soc2"
  | "wcag"
  | "eaa"
  | "cyber_resilience"
  | "aml_kyc"
  | "pipeda"
  | "lgpd"
  | "owasp_asvs"
  | "eidas";

export interface Regulation {
  id: RegulationId;
  name: string;
  /** Why it applies to this project, in one clause. */
  scope: string;
  obligations: string[];
  /** Legal obligations get a domain-specific constitution article; baselines don't. */
  legal: boolean;
}

/** The person said people pay by card ("by card", "credit cards", "Stripe checkout"): only then are card payments taken in the product. "parents pay the trip cost" names no method, so the team asks how instead of asserting PCI DSS. */
export function cardsSaid(t: DomainTraits): boolean {
  return t.has("payments") && (t.evidence.payments ?? []).some((h) => CARD_PAYMENT.test(h) || /\b(?:checkout|stripe|adyen|paypal|apple pay|google pay|subscriptions?)\b/i.test(h));
}

export function applicableRegulations(t: DomainTraits): Regulation[] {
  const r = t.region;
  const out: Regulation[] = [];
  // Each applies when `when` holds, and is a law unless it says `legal: false` (a standard or a baseline).
  const add = (when: boolean, x: Omit<Regulation, "legal"> & { legal?: false }) => {
    if (when) out.push({ ...x, legal: x.legal ?? true });
  };
  // A regional law applies only where the person's words place the users; where nothing says, the writers ask instead of asserting one.

  add(cardsSaid(t), {
    id: "pci_dss",
    name: "PCI DSS v4.0",
    scope: "card payments are taken in the product",
    obligations: [
      "card data is entered only in the payment provider's hosted fields, which keeps the product in SAQ A scope",
      "no primary account number (PAN), CVV or full track data is ever stored, logged or sent to analytics",
      "payment pages load scripts only from an approved list (PCI DSS 6.4.3) and changes to them are tracked",
    ],
  });
  add(cardsSaid(t) && r.eu, {
    id: "psd2_sca",
    name: "PSD2 Strong Customer Authentication",
    scope: "EU cardholders pay online",
    obligations: ["card payments go through 3-D Secure 2 when the issuer requires it", "off-session charges are flagged as merchant-initiated"],
  });
  add(r.eu, {
    id: "gdpr",
    name: "GDPR",
    scope: "the product processes personal data of people in the EU",
    obligations: [
      "a lawful basis is recorded for each kind of personal data, and nothing is collected without a purpose",
      "data subjects can export and erase their data; requests are answered within one month",
      "processors (hosting, email, payments) sign a data processing agreement and data stays in the EU or under SCCs",
      "personal-data breaches are reported to the supervisory authority within 72 hours",
    ],
  });
  add(r.uk, {
    id: "uk_gdpr",
    name: "UK GDPR and the Data Protection Act 2018",
    scope: "users are in the United Kingdom",
    obligations: ["lawful basis and retention recorded per data category", "ICO breach notification within 72 hours"],
  });
  add(t.has("health") && r.us, {
    id: "hipaa",
    name: "HIPAA (Privacy, Security and Breach Notification Rules)",
    scope: "the product creates, stores or transmits protected health information (PHI) for providers",
    obligations: [
      "every vendor that touches PHI (hosting, email, logging) signs a business associate agreement (BAA)",
      "PHI is encrypted at rest and in transit, and access follows the minimum-necessary rule",
      "audit controls record who viewed or changed PHI (45 CFR §164.312(b)); logs are kept six years",
      "breaches affecting PHI are notified without unreasonable delay and within 60 days",
    ],
  });
  add(t.has("health") && (r.eu || r.uk), {
    id: "gdpr_special",
    name: "GDPR Article 9 (health data)",
    scope: "health data is a special category of personal data",
    obligations: ["an Article 9(2) condition (e.g. provision of health care) is documented", "a DPIA is completed before launch"],
  });
  add(t.has("ehr_integration") || (t.has("health") && t.has("integrations")), {
    id: "hl7_fhir",
    name: "HL7 FHIR R4" + (r.us || r.unknown ? " (US Core profiles) with SMART on FHIR" : " with SMART on FHIR"),
    scope: "data is exchanged with an electronic health record",
    obligations: [
      "resources are exchanged as FHIR R4 (Patient, Encounter, Observation, Condition) and validated against the profiles",
      "system-to-system access uses SMART Backend Services (OAuth 2.0 client credentials with a signed JWT)",
    ],
    legal: false,
  });
  add(t.has("ai") && r.eu, {
    id: "eu_ai_act",
    name: "EU AI Act transparency obligations",
    scope: "people interact with AI-generated content",
    obligations: ["people are told when content is AI-generated", "model providers sign a DPA and do not train on customer data"],
  });
  add(t.has("minors") && r.us, {
    id: "coppa",
    name: "COPPA",
    scope: "children under 13 in the US may use it",
    obligations: [
      "no personal information is collected from under-13s without verifiable parental consent or school authorisation",
      "no behavioural advertising or third-party tracking SDKs reach children",
    ],
  });
  add(t.has("minors") && t.has("education") && r.us, {
    id: "ferpa",
    name: "FERPA",
    scope: "US schools may share student education records",
    obligations: ["student records are used only for the school's purpose (school-official exception)", "schools can review and delete their students' records"],
  });
  add(t.has("minors") && (r.eu || r.uk), {
    id: "gdpr_children",
    name: "GDPR Article 8 (children's consent, \"GDPR-K\")",
    scope: "children in Europe may use it",
    obligations: ["member states set the age of digital consent between 13 and 16; below it a parent or the school consents", "privacy notices are written so a child understands them"],
  });
  add(t.has("internal_tool") || t.has("multi_tenant"), {
    id: "soc2",
    name: "SOC 2 / ISO 27001 controls",
    scope: t.has("multi_tenant") ? "business customers will ask for a security report" : "internal tools fall under the company's access and change-management controls",
    obligations: ["access is granted through the company identity provider and reviewed quarterly", "changes to records are attributable to a person in an audit log"],
    legal: false,
  });
  const accessible = t.has("education") || (t.any("ecommerce", "marketplace") && !t.has("internal_tool"));
  add(accessible, {
    id: "wcag",
    name: "WCAG 2.2 AA",
    scope: t.has("education") ? "schools must provide accessible tools to every student" : "the product is public-facing",
    obligations: ["every flow works with a keyboard and a screen reader", "timed interactions can be extended or have accessible alternatives"],
    legal: false,
  });
  add(accessible && r.eu && t.any("ecommerce", "marketplace", "payments"), {
    id: "eaa",
    name: "European Accessibility Act",
    scope: "consumer e-commerce services in the EU must be accessible since June 2025",
    obligations: ["checkout and account flows meet EN 301 549 (WCAG 2.1 AA)"],
  });
  add(t.has("iot") && r.eu, {
    id: "cyber_resilience",
    name: "EU Cyber Resilience Act",
    scope: "connected devices are sold or operated in the EU",
    obligations: ["devices receive security updates for their support period", "vulnerabilities are handled and reported through a documented process"],
  });
  add(t.has("finance"), {
    id: "aml_kyc",
    name: r.eu ? "EU AML directives (KYC) and PSD2" : "KYC/AML rules (Bank Secrecy Act in the US)",
    scope: "money moves between people or accounts",
    obligations: ["customers are identified before money moves", "suspicious activity is flagged and retained for five years"],
  });
  add(t.has("e_signature"), {
    id: "eidas",
    name: r.eu || r.uk ? "eIDAS (electronic signatures)" : r.us ? "ESIGN Act and UETA" : "eIDAS (EU) / ESIGN Act and UETA (US)",
    scope: "documents are signed electronically",
    obligations: [
      "every signature records who signed, when, from which verified email or identity, and a hash of the exact document signed",
      "signed documents are sealed so any later change is detectable, and the evidence trail is kept with them",
    ],
  });
  add(r.canada, { id: "pipeda", name: "PIPEDA", scope: "users are in Canada", obligations: ["consent and purpose are recorded for personal information"] });
  add(r.brazil, { id: "lgpd", name: "LGPD", scope: "users are in Brazil", obligations: ["a legal basis and a data protection officer are designated"] });
  add(true, {
    id: "owasp_asvs",
    name: "OWASP ASVS Level 2",
    scope: "a security baseline for any web application",
    obligations: ["authentication, session, access-control and input-validation requirements are verified before release"],
    legal: false,
  });
  return out;
}
