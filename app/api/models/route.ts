import { json, route, viewerOf } from "@/lib/http/handler";
import { modelsFor } from "@/lib/server/model-catalog";
import { modelListSchema } from "@/lib/wire/models";

export const GET = route(async (req) => json(modelListSchema, await modelsFor(await viewerOf(req))));
