import { assertStorableText } from "@/lib/http/clean-text";
import { route, viewerOf } from "@/lib/http/handler";
import { artifactOf } from "@/lib/server/party-service";

export const GET = route<{ id: string; path: string[] }>(async (req, { id, path }) => {
  assertStorableText(path.join("/"), "artifactPath");
  const a = await artifactOf(await viewerOf(req), id, path.join("/"), new URL(req.url).searchParams.get("version"));
  const headers: Record<string, string> = { "Content-Type": "text/markdown; charset=utf-8", "X-Content-Type-Options": "nosniff", "X-Artifact-Version": String(a.version) };
  if (new URL(req.url).searchParams.get("download") === "1") {
    headers["Content-Disposition"] = `attachment; filename="${a.path.split("/").pop()!.replace(/[^\w.-]/g, "_")}"`;
  }
  return new Response(a.content, { headers });
});
