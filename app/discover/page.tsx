import type { Metadata } from "next";
import Link from "next/link";
import { MUTUAL_EXCLUSION_ERROR } from "@/components/kickoff/flags";
import { KickoffForm } from "@/components/kickoff/kickoff-form";
import { MODE_NAMES, type Mode } from "@/lib/vocabulary";

export const metadata: Metadata = { title: "Discover" };

// The spec's command line as a URL: /discover?new&party, /discover?new&classic.

type Search = Record<string, string | string[] | undefined>;

export default async function DiscoverPage({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  const party = "party" in sp;
  const classic = "classic" in sp;
  const flags = ["--new", ...(party ? ["--party"] : []), ...(classic ? ["--classic"] : [])];

  if (party && classic) {
    return (
      <section className="mx-auto max-w-2xl space-y-4" aria-labelledby="discover-title">
        <h1 id="discover-title" className="text-2xl font-semibold tracking-tight">
          Discover a new project
        </h1>
        <pre role="alert" data-testid="flag-error" className="whitespace-pre-wrap rounded-lg border border-rose-200 bg-rose-50 p-4 font-mono text-sm text-rose-800">
          {MUTUAL_EXCLUSION_ERROR}
        </pre>
        <p className="text-sm text-slate-600">
          Try <Link className="font-medium text-indigo-700 underline" href="/discover?new&party">/discover?new&amp;party</Link>,{" "}
          <Link className="font-medium text-indigo-700 underline" href="/discover?new&classic">/discover?new&amp;classic</Link>, or{" "}
          <Link className="font-medium text-indigo-700 underline" href="/">choose on the home page</Link>.
        </p>
      </section>
    );
  }

  const fixedMode: Mode | undefined = party ? "party" : classic ? "classic" : undefined;
  return (
    <section className="mx-auto max-w-3xl space-y-6" aria-labelledby="discover-title">
      <header className="space-y-2">
        <h1 id="discover-title" className="text-2xl font-semibold tracking-tight">
          {fixedMode ? `New project — ${MODE_NAMES[fixedMode]}` : "Discover a new project"}
        </h1>
        <p className="font-mono text-xs text-slate-500" data-testid="discover-command">
          /discover {flags.join(" ")}
        </p>
      </header>
      <KickoffForm fixedMode={fixedMode} flags={flags} />
    </section>
  );
}
