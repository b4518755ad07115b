import { route, viewerOf } from "@/lib/http/handler";
import { removeConnection } from "@/lib/server/connection-service";

export const DELETE = route<{ id: string }>(async (req, { id }) => {
  await removeConnection(await viewerOf(req), id);
  return new Response(null, { status: 204 });
});
