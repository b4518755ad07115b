// The limits on starting a party that a fresh identity cannot dodge (a cookie costs
// nothing to mint): per client address, parties running on the whole deployment, and
// the tokens paid models spent in the last hour. Each refusal is a 429 with Retry-After
// and a sentence saying what to do.
import { createHmac } from "node:crypto";
import { isIP } from "node:net";
import { readModelSpec } from "../ai/model-spec";
import type { ModelSettings } from "../ai/providers";
import { authSecret } from "../auth/secret";
import type { Database } from "../db/client";
import { countActivePartiesFrom, countRunningParties, paidTokensSince } from "../db/admission";
import type { Env } from "../env";
import { AppError } from "../errors/app-error";

const HOUR_MS = 3_600_000;

/**
 * What the per-address limit counts by: one IPv4 address, or an IPv6 /64 (one household
 * or host is handed a whole /64 and can pick any address in it), as a keyed hash so the
 * database never holds the address.
 */
export function clientKeyOf(address: string | null): string | null {
  if (!address) return null;
  let a = address.trim().toLowerCase().replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (mapped) a = mapped[1];
  if (isIP(a) === 6) a = `${expand6(a).slice(0, 4).join(":")}::/64`;
  else if (isIP(a) !== 4) return null;
  return createHmac("sha256", authSecret()).update(`client:${a}`).digest("base64url").slice(0, 22);
}

function expand6(a: string): string[] {
  const [head, tail = ""] = a.split("::");
  const h = head ? head.split(":") : [];
  const t = a.includes("::") ? (tail ? tail.split(":") : []) : [];
  const groups = [...h, ...Array(8 - h.length - t.length).fill("0"), ...t];
  return groups.map((g) => g.padStart(4, "0"));
}

const onlyOffline = (s: ModelSettings) => [s.defaultModel, ...Object.values(s.agentModels ?? {})].every((m) => readModelSpec(m)?.provider === "offline");

function minutes(seconds: number): string {
  const m = Math.max(1, Math.ceil(seconds / 60));
  return m === 1 ? "a minute" : `${m} minutes`;
}

/** Throws a 429 when a new party from this client may not start now. */
export async function admitKickoff(db: Database, e: Env, k: { clientKey: string | null; modelSettings: ModelSettings }, now = new Date()): Promise<void> {
  if (k.clientKey) {
    const fromHere = await countActivePartiesFrom(db, k.clientKey);
    if (fromHere >= e.MAX_ACTIVE_PARTIES_PER_ADDRESS) {
      throw new AppError(
        "rate_limited",
        `${fromHere} parties started from your network are still running or waiting (the limit is ${e.MAX_ACTIVE_PARTIES_PER_ADDRESS}). Finish or cancel one of yours, or try again when others have finished.`,
        undefined,
        60,
      );
    }
  }
  const running = await countRunningParties(db);
  if (running >= e.MAX_RUNNING_PARTIES) {
    throw new AppError("rate_limited", `This server is running as many parties as it takes at once (${e.MAX_RUNNING_PARTIES}). Try again in a minute.`, undefined, 60);
  }
  // The built-in model costs no one anything: the hourly cap is on the others.
  if (e.MAX_TOKENS_PER_HOUR > 0 && !onlyOffline(k.modelSettings)) {
    const spent = await paidTokensSince(db, new Date(now.getTime() - HOUR_MS), e.MAX_TOKENS_PER_HOUR);
    if (spent.underCapAt) {
      const wait = Math.max(1, Math.ceil((spent.underCapAt.getTime() + HOUR_MS - now.getTime()) / 1000));
      throw new AppError(
        "rate_limited",
        `This server has spent its hourly allowance of model tokens (${spent.total.toLocaleString("en")} of ${e.MAX_TOKENS_PER_HOUR.toLocaleString("en")} in the last hour). Try again in ${minutes(wait)}, or start the party on the built-in model.`,
        undefined,
        wait,
      );
    }
  }
}
