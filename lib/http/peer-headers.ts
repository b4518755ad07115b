// What only the connection knows: the peer's address and whether it came over TLS.
// Route handlers and the proxy see headers only, and Next fills X-Forwarded-For and
// X-Forwarded-Proto from the socket only when the client did not send them itself, so a
// client could name any address. Every request the server receives gets these two
// headers from its socket, replacing whatever the client sent under the same names.
import http from "node:http";
import https from "node:https";

export const PEER_ADDRESS = "x-inception-peer-address";
export const PEER_PROTO = "x-inception-peer-proto";

const g = globalThis as { __inceptionPeerHeaders?: boolean };

/** Whether the headers above come from the socket (in this process): otherwise they are the client's. */
export const peerHeadersInstalled = () => g.__inceptionPeerHeaders === true;

export function installPeerHeaders(): void {
  if (g.__inceptionPeerHeaders) return;
  g.__inceptionPeerHeaders = true;
  for (const proto of [http.Server.prototype, https.Server.prototype] as Array<{ emit: (event: string | symbol, ...args: unknown[]) => boolean }>) {
    const emit = proto.emit;
    proto.emit = function (this: unknown, event: string | symbol, ...args: unknown[]) {
      if (event === "request") stamp(args[0] as http.IncomingMessage);
      return emit.call(this, event, ...args);
    };
  }
}

export function stamp(req: http.IncomingMessage): void {
  req.headers[PEER_ADDRESS] = req.socket?.remoteAddress ?? "";
  req.headers[PEER_PROTO] = (req.socket as { encrypted?: boolean } | undefined)?.encrypted ? "https" : "http";
}
