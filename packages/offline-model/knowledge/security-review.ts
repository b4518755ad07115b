// Zara's threat list for THIS stack and domain: each concern names the threat, the
// concrete control, and how the stack changes when Liam accepts it.
import { joinList } from "../text-utils";
import type { DomainTraits } from "./detect-domain";
import type { DataModel } from "./extract-entities";
import { toolchain } from "./family-profiles";
import { amendSlot, getSlot, payProvider, setSlot, type StackPlan } from "./stack-plan";

export interface SecurityConcern {
  title: string;
  detail: string;
  /** Short imperative phrase for the recommendation and the revision notes. */
  fix: string;
  apply?: (plan: StackPlan) => StackPlan;
}

export function securityConcerns(t: DomainTraits, plan: StackPlan, model: DataModel): SecurityConcern[] {
  const f = toolchain(plan.family, plan.framework.choice);
  const out: SecurityConcern[] = [];
  const db = plan.database.choice.split(" with ")[0];
  const pii = model.entities.filter((e) => e.sensitivity === "pii" || e.sensitivity === "phi").map((e) => e.name);
  const phi = model.entities.filter((e) => e.sensitivity === "phi").map((e) => e.name);
  const us = t.region.us;
  const game = t.has("game");
  // Each concern is listed when `when` holds.
  const add = (when: boolean, c: SecurityConcern) => when && out.push(c);

  // Most severe first: regulated data and money before hardening; the first five are kept.
  add(t.has("health"), {
    title: us ? "PHI exposure (HIPAA)" : "Health data exposure (GDPR Article 9)",
    detail: `${joinList(phi.slice(0, 3)) || "Patient records"} ${phi.length === 1 ? "holds" : "hold"} ${us ? "protected health information" : "special-category health data"}. Encrypt ${db} and backups with KMS keys, use TLS 1.2+ everywhere, keep health data out of logs, error trackers and analytics, and sign ${us ? "a BAA" : "a DPA"} with every vendor that can see it — hosting, email and monitoring included.`,
    fix: us ? "encrypt PHI with KMS and sign BAAs with every vendor that sees it" : "encrypt health data with KMS and sign DPAs with every vendor that sees it",
    apply: (p) => setSlot(p, { slot: "secrets", choice: "AWS KMS + Secrets Manager", rationale: "customer-managed keys for the database, backups and the FHIR client credentials; access is logged in CloudTrail" }),
  });
  add(t.has("payments") && /Stripe|Adyen/.test(getSlot(plan, "payments")?.choice ?? "Stripe"), {
    title: "Card data scope (PCI DSS)",
    detail: `Card numbers must never reach our servers: take them only in Stripe's hosted fields (Payment Element or Checkout) so we stay in SAQ A, store only PaymentIntent and customer IDs, never log request bodies on the payment routes, and pin the scripts allowed on the payment page (PCI DSS 6.4.3).${t.region.eu ? " EU cards also need 3-D Secure (PSD2 SCA), which the Payment Element handles." : ""}`,
    fix: "keep card data in Stripe's hosted fields (SAQ A)",
    apply: (p) => amendSlot(p, "payments", "card data stays in Stripe's hosted fields, so we stay in PCI DSS SAQ A"),
  });
  add(t.has("minors"), {
    title: `Children's personal data${t.region.us ? " (COPPA)" : t.region.eu || t.region.uk ? " (GDPR Art. 8)" : ""}`,
    detail: "Children may use it. Collect the least personal data about them, get a parent's or guardian's consent where the law asks for it, keep third-party analytics and ad SDKs off their screens, and delete their data as soon as it is no longer needed.",
    fix: "collect the least data about children, with a guardian's consent, and no third-party trackers",
  });
  add(t.region.eu, {
    title: "Personal data of EU residents (GDPR)",
    detail: `${joinList(pii.slice(0, 3)) || "User accounts"} ${pii.length === 1 ? "is" : "are"} personal data. Keep the database, object storage and backups in an EU region, sign DPAs with every processor (${joinList(["hosting", ...(t.has("payments") ? [payProvider(plan)] : []), ...(t.has("ai") ? ["the model provider"] : []), ...(t.has("video_calls") ? ["the video provider"] : []), "email"])}), build export and erasure from day one, and set retention per table.`,
    fix: "keep data in the EU with DPAs, export and erasure",
    apply: (p) => amendSlot(p, "hosting", "database, storage and backups pinned to an EU region under DPAs"),
  });
  add(t.has("e_signature"), {
    title: "Signatures that would not hold up",
    detail: "A signature is only as good as its evidence. Verify the signer's email or identity before signing, hash the exact document version they saw, seal the signed PDF, and keep the audit trail (who, when, IP, document hash) with it for the retention period of the contract.",
    fix: "keep a sealed document and a signer evidence trail for every signature",
  });
  add(t.has("video_calls"), {
    title: "Video sessions leaking or being joined by strangers",
    detail: "A guessable room link lets anyone join a confidential session. Issue short-lived room tokens per participant from our API, lock rooms once both sides join, keep media end-to-end encrypted where the provider supports it, never record without explicit consent, and host the media servers in the same region as the data.",
    fix: "issue per-participant short-lived room tokens and never record without consent",
    apply: (p) => amendSlot(p, "realtime", "per-participant room tokens; recording only with explicit consent"),
  });
  add(t.has("location") && !t.has("iot") && /gps|track|live location|route/i.test((t.evidence.location ?? []).join(" ") + (t.evidence.realtime ?? []).join(" ")), {
    title: "Location traces reveal homes and routines",
    detail: "GPS tracks show where people live and when they are away. Record positions only while an activity is running, share them only with the people involved, coarsen or drop the start and end points near home addresses, and delete raw tracks after 30 days.",
    fix: "record GPS only during an activity and delete raw tracks after 30 days",
  });
  add(t.has("k8s_operator"), {
    title: "An operator with cluster-admin rights",
    detail: "Operators are often installed with far more RBAC than they need. Grant only the verbs and resources the reconciler uses, namespace-scope it where possible, read cloud credentials from a Secret or workload identity (IRSA), and never log secret values in events or status.",
    fix: "least-privilege RBAC and workload identity instead of static keys",
  });
  add(t.has("simple_site"), {
    title: "Contact form spam and header injection",
    detail: "A public form is the only way in: validate and rate-limit it, add a honeypot or Turnstile challenge, never put user input in email headers, and keep third-party scripts to the minimum a privacy notice can explain.",
    fix: "rate-limit the contact form and keep third-party scripts minimal",
  });
  add(t.has("health"), {
    title: us ? "No audit trail for PHI access" : "No audit trail for health-data access",
    detail: `${us ? "HIPAA requires audit controls (45 CFR §164.312(b))" : "GDPR Article 32 and the DPIA expect access logging"}: record who viewed or changed each health record${t.has("clinical_decision") ? ", who suggested, confirmed or overrode each priority" : ""}, from which device, in an append-only table the application role cannot update or delete${us ? ", and keep it for six years" : ""}.`,
    fix: "add an append-only audit log of every health-data read and write",
    apply: (p) => setSlot(p, { slot: "audit", choice: "Append-only audit log (insert-only table + daily export to S3 Object Lock)", rationale: `who viewed or changed health data${us ? ", kept six years" : ""} and tamper-evident` }),
  });
  add(t.has("payments"), {
    title: "Forged webhooks and double charges",
    detail: `An unauthenticated webhook endpoint lets anyone mark an order paid. ${payProvider(plan) === "Stripe" ? "Verify the Stripe-Signature header with the endpoint secret, reject events older than five minutes, record processed event IDs so retries are idempotent, and create PaymentIntents with idempotency keys" : `Count a payment only once ${payProvider(plan)} confirms it, record processed transaction IDs so retries are idempotent, and key each payment request to its record`} so a double click cannot charge twice.`,
    fix: "verify webhook signatures and make payment handling idempotent",
    apply: (p) => amendSlot(p, "payments", "webhook signatures verified and events de-duplicated by id"),
  });
  add(t.has("multi_tenant"), {
    title: "Cross-tenant data leaks",
    detail: `One missing WHERE clause exposes another customer's data. Enforce tenant isolation in ${db} with row-level security on organization_id, set the tenant per request, and test that every query fails closed without it.`,
    fix: "enforce tenant isolation with row-level security",
  });
  add(t.has("realtime") && !t.has("video_calls"), {
    title: game ? "WebSocket hijacking and cheating" : "WebSocket hijacking",
    detail: `A socket that trusts the client lets anyone join a room${game ? " or submit answers after the countdown" : " or read updates meant for others"}. Authenticate the handshake with a short-lived signed token, check the Origin header, authorise every room join,${game ? " keep the timer and scoring on the server," : " validate every message server-side,"} and rate-limit messages per connection.`,
    fix: game ? "sign socket join tokens and keep the timer and scoring server-side" : "sign socket tokens and authorise every room join",
    apply: (p) => amendSlot(p, "realtime", "signed short-lived join tokens, server-authoritative timer and per-connection rate limits"),
  });
  add(t.has("internal_tool"), {
    title: "Access control for an internal tool",
    detail: `Internal tools get over-permissioned. Sign in only through the company IdP (OIDC), map IdP groups to roles (${model.roles.slice(0, 4).join(", ")}), deprovision with the IdP (SCIM), and log every change to a record with the person who made it.`,
    fix: "sign in through the IdP only and map IdP groups to roles",
    apply: (p) => (getSlot(p, "sso") ? amendSlot(p, "sso", "IdP groups mapped to roles; SCIM deprovisioning") : setSlot(p, { slot: "sso", choice: `SSO: ${f.oidc}`, rationale: "IdP groups mapped to roles; SCIM deprovisioning" })),
  });
  add(t.has("markdown"), {
    title: "Stored XSS through markdown",
    detail: "Anyone who can edit content can plant script in it. Render markdown with raw HTML disabled, sanitise the output with an allow-list, open external links with rel=\"noopener noreferrer\", and send a strict Content-Security-Policy.",
    fix: "sanitise rendered markdown and send a strict CSP",
    apply: (p) => setSlot(p, { slot: "markdown", choice: f.markdown, rationale: "raw HTML disabled and output sanitised; strict CSP on every page" }),
  });
  add(t.has("tablet_kiosk"), {
    title: "Shared tablets",
    detail: "A shared tablet is used by one person after another: run it in kiosk mode (Guided Access or Android lock task via MDM), sign the device in rather than a person, clear the screen after each use or after 90 seconds idle, and never let it show someone else's records.",
    fix: "lock shared tablets in kiosk mode with device credentials",
  });
  add(t.has("media"), {
    title: "Uploaded images leak location and carry payloads",
    detail: "Photos can embed GPS coordinates, which can reveal where someone lives. Upload through presigned URLs limited by size and content type, re-encode images server-side to strip EXIF, serve them from a separate domain, and scan other files for malware.",
    fix: "strip EXIF and re-encode uploads; presigned URLs with size limits",
    apply: (p) => amendSlot(p, "storage", "uploads re-encoded and stripped of EXIF location data"),
  });
  add(t.has("iot"), {
    title: "Device identity and firmware",
    detail: "Shared device credentials mean one stolen unit impersonates the fleet. Give every device its own X.509 certificate, scope its MQTT topics to itself, sign firmware images and verify them before install, and revoke certificates of retired devices.",
    fix: "per-device certificates, topic-scoped policies and signed firmware",
    apply: (p) => amendSlot(p, "iot", "one X.509 certificate per device with topic-scoped policies"),
  });
  add(t.has("ai"), {
    title: "Prompt injection and data leaving for the model provider",
    detail: "User text can instruct the model to reveal data or act. Treat model output as untrusted input, validate it against a schema, never give the model credentials, send only the fields it needs, and use a provider that signs a DPA and does not train on our data.",
    fix: "validate model output and minimise what is sent to the provider",
    apply: (p) => amendSlot(p, "ai", "outputs schema-validated; only minimised fields leave for the provider"),
  });
  add(t.has("cli") && /sync|backup|dotfile|upload|copy|share/i.test(model.entities.map((e) => e.name).join(" ") + " " + t.evidence.cli?.join(" ")), {
    title: "Secrets copied with the files",
    detail: "A tool that copies files between machines will sooner or later copy an SSH key, a cloud credentials file or a token-bearing config. Ship a default ignore list of secret patterns, refuse to sync files with private-key headers, and encrypt anything the user marks secret (age or sops) before it leaves the machine.",
    fix: "ignore secret patterns by default and encrypt files marked secret",
  });
  add(t.has("cli"), {
    title: "Tokens on disk and release integrity",
    detail: "CLIs leak tokens through dotfiles and shell history. Store credentials in the OS keychain, never accept secrets as flags, sign release artefacts and publish checksums (or provenance attestations), and pin dependencies.",
    fix: "keep tokens in the OS keychain and sign releases",
    apply: (p) => amendSlot(p, "distribution", "artefacts signed with published checksums"),
  });
  // Baselines every product needs; they fill the list when the domain adds little.
  // Internal tools sign in through the IdP only, so credential stuffing has nothing to hit.
  add(!t.any("cli", "internal_tool", "k8s_operator", "simple_site"), {
    title: "Account takeover",
    detail: "Credential stuffing is the most common attack on a new product. Prefer passkeys or email magic links over passwords, rate-limit sign-in and recovery per IP and account, require a second factor for admins, and expire sessions.",
    fix: "rate-limit sign-in and require 2FA for admins",
    apply: (p) => setSlot(p, { slot: "rate_limit", choice: "Rate limiting at the edge and per account", rationale: "slows credential stuffing on sign-in, recovery and join endpoints" }),
  });
  out.push({
    title: "Secrets and dependencies",
    detail: `API keys end up in repositories and CI logs. Keep them in the platform's secret store, scan commits for secrets, pin and audit dependencies (${f.packageManager} lockfile plus Dependabot or Renovate), and rotate keys when someone leaves.`,
    fix: "keep secrets in the platform store and scan commits and dependencies",
  });
  return out.slice(0, 5);
}
