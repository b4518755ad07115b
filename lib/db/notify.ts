// Cross-instance wake-ups on a real PostgreSQL: NOTIFY carries only which parties have
// new events up to which seq, never the data; listeners re-read the log from their last
// seq. One NOTIFY carries every party this instance wrote to in the last NOTIFY_MS:
// NOTIFY serialises commits server-wide, and one per flush of every live party (five a
// second each) would make it the ceiling. Notifications are lost while a listener is
// disconnected, so every reconnect asks all viewers to catch up.
import pg from "pg";
import { z } from "zod";

const CHANNEL = "party_events";
/** How long a wake-up may wait to share a NOTIFY with others (ms); remote viewers see events this much later at most. */
export const NOTIFY_MS = 50;
/** PostgreSQL refuses payloads from 8000 bytes: split before that. */
const MAX_PAYLOAD = 7000;
const RECONNECT_MS = 1000;

export interface Notifier {
  notify(partyId: string, seq: number): void;
  close(): Promise<void>;
}

const Payload = z.object({ i: z.string(), p: z.array(z.tuple([z.string(), z.number().int()])) });

/** Payloads for one instance's wake-ups (JSON: instance ids contain ":" — host:port). */
export function encodeWakeUps(instanceId: string, seqs: ReadonlyMap<string, number>): string[] {
  const out: string[] = [];
  let batch: Array<[string, number]> = [];
  const head = JSON.stringify({ i: instanceId, p: [] }).length;
  let size = head;
  for (const entry of seqs) {
    const len = JSON.stringify(entry).length + 1;
    if (batch.length && size + len > MAX_PAYLOAD) {
      out.push(JSON.stringify({ i: instanceId, p: batch }));
      batch = [];
      size = head;
    }
    batch.push(entry);
    size += len;
  }
  if (batch.length) out.push(JSON.stringify({ i: instanceId, p: batch }));
  return out;
}

export function decodeWakeUps(payload: string): { instanceId: string; seqs: Array<[string, number]> } | null {
  try {
    const r = Payload.safeParse(JSON.parse(payload));
    return r.success ? { instanceId: r.data.i, seqs: r.data.p } : null;
  } catch {
    return null; // not JSON: not ours (another program on the channel); the caller logs it
  }
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export async function startNotifier(opts: {
  url: string;
  instanceId: string;
  onRemote(partyId: string, seq: number): void;
  /** After a (re)connect: anything may have been missed. */
  onResync(): void;
  log?: (msg: string) => void;
}): Promise<Notifier> {
  const log = (m: string) => opts.log?.(`notifications: ${m}`);
  let closed = false;
  let listener: pg.Client | null = null;
  const sender = new pg.Pool({ connectionString: opts.url, max: 1 });
  // An idle pooled connection the server ended: the pool replaces it on the next query.
  sender.on("error", (e) => log(`idle sender connection lost (${message(e)})`));

  // Until the next connect succeeds, viewers on this instance see other instances'
  // events only when they reconnect; onResync then catches every viewer up.
  const retry = () => {
    if (!closed) setTimeout(() => void connect().catch((e: unknown) => (log(`reconnect failed (${message(e)}); retrying`), retry())), RECONNECT_MS);
  };
  const connect = async (): Promise<void> => {
    if (closed) return;
    const c = new pg.Client({ connectionString: opts.url });
    c.on("notification", (n) => {
      const w = decodeWakeUps(n.payload ?? "");
      if (!w) return log(`ignored a notification that is not a wake-up: ${JSON.stringify(n.payload).slice(0, 80)}`);
      if (w.instanceId === opts.instanceId) return;
      for (const [partyId, seq] of w.seqs) opts.onRemote(partyId, seq);
    });
    c.on("error", (e) => {
      if (listener !== c) return;
      listener = null;
      log(`listener connection lost (${message(e)}); reconnecting`);
      c.end().catch((ee: unknown) => log(`closing the lost listener failed (${message(ee)})`));
      retry();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANNEL}`);
    } catch (e) {
      await c.end().catch((ee: unknown) => log(`closing a connection that failed to connect failed too (${message(ee)})`));
      throw e;
    }
    listener = c;
    opts.onResync();
  };
  await connect();

  let pending = new Map<string, number>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const send = () => {
    timer = undefined;
    const seqs = pending;
    pending = new Map();
    for (const payload of encodeWakeUps(opts.instanceId, seqs)) {
      // A lost wake-up delays remote viewers until the party's next one or their reconnect.
      sender.query("SELECT pg_notify($1, $2)", [CHANNEL, payload]).catch((e: unknown) => log(`NOTIFY for ${seqs.size} parties failed (${message(e)})`));
    }
  };

  return {
    notify(partyId, seq) {
      if (closed) return;
      pending.set(partyId, Math.max(seq, pending.get(partyId) ?? 0));
      timer ??= setTimeout(send, NOTIFY_MS);
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      if (pending.size) send();
      const l = listener;
      listener = null;
      await l?.end().catch((e: unknown) => log(`closing the listener failed (${message(e)})`));
      await sender.end().catch((e: unknown) => log(`closing the sender failed (${message(e)})`));
    },
  };
}
