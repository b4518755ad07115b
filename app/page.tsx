import { KickoffForm } from "@/components/kickoff/kickoff-form";
import { RecentParties } from "@/components/kickoff/recent-parties";

/** `?title=…&description=…` prefills the form: a finished party's "Start a new feature". */
export default async function Home({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const q = await searchParams;
  const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <section className="space-y-6" aria-labelledby="page-title">
        <header className="space-y-2">
          <h1 id="page-title" className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
            Start a new kickoff
          </h1>
          <p className="max-w-2xl text-slate-600">
            Describe your project and a team of AI specialists will shape it with you: they ask questions, debate a tech stack you approve, and
            write the brief, architecture, data model, test strategy and constitution.
          </p>
        </header>
        <KickoffForm initialTitle={one(q.title)} initialDescription={one(q.description)} />
      </section>
      <aside>
        <RecentParties />
      </aside>
    </div>
  );
}
