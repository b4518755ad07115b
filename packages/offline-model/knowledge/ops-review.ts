// Felix's view of the proposal: what deploying it takes, what it costs at the scale
// the person described, and how pleasant it is to work on — plus the concrete
// changes he asks for, which the revision applies.
import { joinList, quote } from "../text-utils";
import type { DomainTraits } from "./detect-domain";
import type { ProjectProfile } from "./extract-profile";
import { toolchain } from "./family-profiles";
import { amendSlot, getSlot, setSlot, type Slot, type StackPlan } from "./stack-plan";

export interface OpsAction {
  /** What Felix asks for (imperative) and what the revision reports (past tense). */
  ask: string;
  done: string;
  apply: (plan: StackPlan) => StackPlan;
}

export interface OpsReview {
  deployment: string;
  cost: string;
  dx: string;
  recommendation: string;
  actions: OpsAction[];
}

/** An action that sets one service, whatever else the stack holds by then. */
const setting = (ask: string, done: string, slot: Slot): OpsAction => ({ ask, done, apply: (p) => setSlot(p, slot) });

function observability(plan: StackPlan): OpsAction {
  if (/company/i.test(getSlot(plan, "hosting")?.choice ?? "")) return setting("export OpenTelemetry metrics and traces into the company's existing monitoring instead of adding a vendor", "wired OpenTelemetry into the company's existing monitoring; alerts route to the on-call rotation", { slot: "observability", choice: "OpenTelemetry into the company's existing monitoring", rationale: "no new vendor; dashboards and alerts live where on-call already looks" });
  return setting("add Sentry and OpenTelemetry so failures page someone before users notice", "added Sentry and OpenTelemetry, so failures page someone before users notice", {
    slot: "observability",
    choice: "Sentry + OpenTelemetry",
    rationale: `errors with release tags, traces across ${plan.framework.choice.split(" ")[0]}${getSlot(plan, "realtime") ? ", the gateway" : ""} and the database, and uptime checks on the health endpoints`,
  });
}

export function opsReview(t: DomainTraits, plan: StackPlan, profile: ProjectProfile): OpsReview {
  const f = toolchain(plan.family, plan.framework.choice);
  const host = getSlot(plan, "hosting") ?? getSlot(plan, "distribution");
  const hostName = host?.choice ?? "the hosting platform";
  const team = profile.answers.first("team");
  const scale = profile.numbers.find((n) => /\d/.test(n) && !/%|person|developers?|engineers?/i.test(n));
  const actions: OpsAction[] = [];
  let deployment = "";
  let cost = "";

  const split = /vercel/i.test(hostName) && /fly/i.test(hostName);
  if (t.has("simple_site")) {
    deployment = "Every push builds the static site and publishes it to the CDN with a preview URL per pull request; nothing runs on a server, so there is nothing to patch.";
    cost = "Free on the hosting's starter tier at this traffic; the only running cost is the domain and, if used, the form service.";
    actions.push(setting("replace Sentry with uptime checks and cookieless analytics — a static site has no server errors to track", "swapped error tracking for uptime checks and cookieless analytics", { slot: "observability", choice: "Uptime checks + cookieless analytics (Plausible)", rationale: "know when the site is down and which pages bring enquiries, without a cookie banner" }));
  } else if (t.has("k8s_operator")) {
    deployment = "CI builds a multi-arch image, signs it, runs the envtest suite and an end-to-end test against a kind cluster, then publishes the Helm chart; upgrades are tested from the previous release.";
    cost = "No hosted runtime of our own: the operator runs in the users' clusters. CI minutes and a container registry are the only bills.";
    actions.push(setting("expose Prometheus metrics and Kubernetes events from the reconciler instead of a hosted error tracker", "added Prometheus metrics and Kubernetes events from the reconciler", { slot: "observability", choice: "Prometheus metrics + Kubernetes events", rationale: "reconcile duration, errors and backup age are visible in the users' own monitoring" }));
  } else if (split) {
    deployment = `Two platforms (Vercel and Fly.io) means two pipelines, two sets of secrets and two places to look during an incident. Build one Docker image with two process groups (web and gateway) on Fly.io and deploy both from the same pipeline.`;
    actions.push(setting("run the web app and the WebSocket gateway on one platform (Fly.io, one image, two process groups)", "moved the web app and the WebSocket gateway onto Fly.io as two process groups of one image", { slot: "hosting", choice: `Fly.io: web and gateway process groups from one image${t.region.eu ? " (Frankfurt)" : ""}`, rationale: "one pipeline and one set of secrets; the gateway keeps long-lived connections that serverless functions cannot" }));
    cost = `${scale ? `With ${scale}, two` : "At classroom scale two"} shared-CPU machines and a small managed PostgreSQL run in the tens of euros per month; Redis only becomes necessary when the gateway runs on more than one machine.`;
  } else if (/aws/i.test(hostName)) {
    deployment = `ECS Fargate behind an ALB with RDS is solid but has many parts (VPC, subnets, NAT, IAM, KMS). Define it in Terraform from day one, keep staging identical to production, and deploy with blue/green on each merge.`;
    actions.push(setting("define the AWS infrastructure in Terraform with identical staging and production", "defined the AWS infrastructure in Terraform, with staging identical to production", { slot: "iac", choice: "Terraform (staging and production from the same modules)", rationale: "reviewable infrastructure changes and a reproducible environment for audits" }));
    cost = `The fixed floor is the NAT gateway, the load balancer and a Multi-AZ database — a few hundred dollars a month before traffic. Start single-AZ in staging, reserved instances once usage is known.`;
  } else if (/kubernetes|company/i.test(hostName)) {
    deployment = `Reuse the platform team's Helm chart template: one Deployment, a readiness probe on /health, the database from the shared managed PostgreSQL, migrations as a pre-deploy Job.`;
    cost = `Marginal: a small pod and a database on shared infrastructure. The real cost is maintenance — keep the dependency list short so upgrades stay a one-person job.`;
  } else if (/releases|homebrew|npm/i.test(hostName)) {
    deployment = `Tag-driven releases: CI builds binaries for macOS (arm64/x64), Linux and Windows, publishes checksums, and updates the Homebrew tap automatically.`;
    cost = `Close to zero: GitHub Actions minutes and free package hosting. Keep the binary small and avoid a server component until users ask for sync.`;
  } else if (/vercel/i.test(hostName)) {
    deployment = `Vercel with preview deployments per pull request is the lowest-effort path. Run database migrations in a release step, not at cold start, and keep cron and webhook handlers idempotent because functions retry.`;
    cost = `Hobby tiers cover development; in production expect the Vercel Pro seat per developer plus a small serverless PostgreSQL bill until traffic grows — well under a hundred euros a month at ${scale ?? "launch volume"}.`;
  } else {
    deployment = `One Docker image, deployed on every merge to main after migrations run as a release command; a health check gates the rollout.`;
    cost = `A couple of small machines and a managed database: tens of euros a month at ${scale ?? "launch volume"}.`;
  }

  const queue = getSlot(plan, "queue");
  if (queue && /redis/i.test(queue.choice) && !getSlot(plan, "realtime")) {
    const pgQueue = plan.family === "python" ? "Procrastinate (jobs in PostgreSQL)" : plan.family === "ruby" ? "Solid Queue" : plan.family === "go" ? "River (jobs in PostgreSQL)" : "a PostgreSQL-backed queue";
    actions.push(setting(`replace the Redis-backed queue with ${pgQueue}; one less service to run`, `replaced the Redis-backed queue with ${pgQueue}`, { slot: "queue", choice: pgQueue, rationale: "jobs commit in the same transaction as the data that triggers them; no Redis to operate at this scale" }));
  }
  // Simple sites and operators had their observability action chosen above.
  if (t.has("cli") && !t.any("simple_site", "k8s_operator")) {
    actions.push({ ask: "publish signed checksums and an SBOM with every release", done: "releases now ship signed checksums and an SBOM", apply: (p) => amendSlot(p, "distribution", "signed checksums and an SBOM per release") });
  } else if (!t.any("simple_site", "k8s_operator", "cli")) actions.push(observability(plan));

  const commands = joinList(f.commands.slice(0, 3).map((c) => `\`${c}\``));
  const who = team ? `With ${quote(team, 90)}, the` : "The";
  const dx = t.has("cli")
    ? `${who} inner loop is \`${f.commands[0]}\` with golden-file tests of command output and a CI matrix on macOS, Linux and Windows; ${commands} gate every pull request.`
    : `${who} whole toolchain should fit in one repository: docker compose for ${plan.database.choice.split(" ")[0]}, a seed script with realistic records, and CI running ${commands} on every pull request in under ten minutes.${getSlot(plan, "realtime") ? " Add a script that simulates a full room of clients locally." : ""}${getSlot(plan, "payments") ? " Use the Stripe CLI to forward test webhooks to localhost." : ""}${getSlot(plan, "fhir") ? " Point development at a public FHIR R4 sandbox (HAPI) with synthetic patients." : ""}`;
  const recommendation = `${actions.map((a) => a.ask).join("; ")}.`;
  return { deployment, cost, dx, recommendation: recommendation.charAt(0).toUpperCase() + recommendation.slice(1), actions };
}
