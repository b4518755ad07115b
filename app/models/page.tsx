import type { Metadata } from "next";
import { ModelsManager } from "@/components/models/models-manager";

export const metadata: Metadata = { title: "Models" };

export default function ModelsPage() {
  return (
    <section className="mx-auto max-w-3xl space-y-6" aria-labelledby="page-title">
      <header className="space-y-2">
        <h1 id="page-title" className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
          Models
        </h1>
        <p className="text-slate-600">
          The team writes as well as the model it runs on. Use a model server running on this machine, or connect your own provider with a key; then pick it for a
          kickoff.
        </p>
      </header>
      <ModelsManager />
    </section>
  );
}
