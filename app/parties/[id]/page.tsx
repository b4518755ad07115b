import type { Metadata } from "next";
import { PartyDashboard } from "@/components/party/party-dashboard";

export const metadata: Metadata = { title: "Party" };

type Search = Record<string, string | string[] | undefined>;

export default async function PartyPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Search> }) {
  const { id } = await params;
  const { watch } = await searchParams;
  return <PartyDashboard id={id} watch={typeof watch === "string" && watch ? watch : null} />;
}
