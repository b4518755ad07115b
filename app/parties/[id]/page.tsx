import type { Metadata } from "next";
import { headers } from "next/headers";
import { viewerFromHeaders } from "@/lib/auth/viewer";
import { PartyDashboard } from "@/components/party/party-dashboard";
import { partySnapshot } from "./party-snapshot";

export const metadata: Metadata = { title: "Party" };

type Search = Record<string, string | string[] | undefined>;

export default async function PartyPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Search> }) {
  const { id } = await params;
  const { watch } = await searchParams;
  const token = typeof watch === "string" && watch ? watch : null;
  // The view folded on the server: the page shows the party on first paint and the
  // browser streams only what comes after it (null when the viewer may not see it).
  const initial = await partySnapshot(await viewerFromHeaders(await headers(), token), id);
  return <PartyDashboard id={id} watch={token} initial={initial} />;
}
