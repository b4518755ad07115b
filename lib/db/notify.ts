// Cross-instance wake-ups on a real PostgreSQL: NOTIFY carries only (instance, party,
// seq), never the data; listeners re-read the log from their last seq. Notifications are
// lost while a listener is disconnected, so every reconnect asks all viewers to catch up.
import pg from "pg";

const CHANNEL = "party_events";

export interface Notifier {
  notify(partyId: string, seq: number): void;
  close(): Promise<void>;
}

export async function startNotifier(opts: {
  url: string;
  instanceId: string;
  onRemote(partyId: string, seq: number): void;
  /** After a (re)connect: anything may have been missed. */
  onResync(): void;
}): Promise<Notifier> {
  let closed = false;
  let listener: pg.Client | null = null;
  const sender = new pg.Pool({ connectionString: opts.url, max: 1 });
  sender.on("error", () => {});

  const connect = async (): Promise<void> => {
    if (closed) return;
    const c = new pg.Client({ connectionString: opts.url });
    c.on("notification", (n) => {
      const [instance, partyId, seq] = (n.payload ?? "").split(":");
      if (instance !== opts.instanceId && partyId) opts.onRemote(partyId, Number(seq));
    });
    c.on("error", () => {
      listener = null;
      c.end().catch(() => {});
      if (!closed) setTimeout(() => void connect().catch(() => {}), 1000);
    });
    await c.connect();
    await c.query(`LISTEN ${CHANNEL}`);
    listener = c;
    opts.onResync();
  };
  await connect();

  return {
    notify(partyId, seq) {
      if (closed) return;
      sender.query("SELECT pg_notify($1, $2)", [CHANNEL, `${opts.instanceId}:${partyId}:${seq}`]).catch(() => {});
    },
    async close() {
      closed = true;
      await listener?.end().catch(() => {});
      await sender.end().catch(() => {});
    },
  };
}
