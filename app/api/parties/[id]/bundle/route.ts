import { route, viewerOf } from "@/lib/http/handler";
import { bundleOf } from "@/lib/server/party-service";

export const GET = route<{ id: string }>(async (req, { id }) => {
  const { filename, bytes } = await bundleOf(await viewerOf(req), id);
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: { "Content-Type": "application/zip", "Content-Disposition": `attachment; filename="${filename}"`, "Content-Length": String(bytes.byteLength) },
  });
});
