// The API's one error body, as the server sends it (AppError.toJSON, lib/http/error-response.ts)
// and the client reads it (components/api/client.ts).
import { z } from "zod";
import { ERROR_STATUS, type ErrorCode } from "../errors/app-error";

export const errorCodeSchema = z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]);

/** Each bad field mapped to the rule it broke; body-level problems use the key "(body)". */
export const fieldErrorsSchema = z.record(z.string(), z.string());
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

export const errorBodySchema = z.object({
  error: z.object({ code: errorCodeSchema, message: z.string(), fields: fieldErrorsSchema.optional() }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
