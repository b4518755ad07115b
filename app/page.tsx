export default function Home() {
  return (
    <section className="space-y-2">
      <h1 className="text-2xl font-semibold">Start a new kickoff</h1>
      <p className="text-slate-600">Describe your project and a team of AI specialists will shape it with you.</p>
    </section>
  );
}
