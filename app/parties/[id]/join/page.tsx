import type { Metadata } from "next";
import { JoinParty } from "@/components/party/join-party";

export const metadata: Metadata = { title: "Continue on this device", referrer: "no-referrer" };

type Search = Record<string, string | string[] | undefined>;

// Where an opened owner link lands: nothing has changed yet; the button confirms with a
// POST from this page (so a link planted on another site cannot make anyone an owner).
export default async function JoinPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Search> }) {
  const { id } = await params;
  const { token } = await searchParams;
  return <JoinParty id={id} token={typeof token === "string" ? token : ""} />;
}
