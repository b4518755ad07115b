import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertPublicUrl, connectionFetch, isPrivateAddress, PrivateNetworkError } from "./private-network";

describe("isPrivateAddress", () => {
  it.each([
    "127.0.0.1",
    "127.8.9.10",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254", // cloud metadata
    "100.100.100.200", // a cloud's metadata in carrier-grade NAT space
    "0.0.0.0",
    "::1",
    "::",
    "fe80::1",
    "fd00:ec2::254", // AWS metadata over IPv6
    "fc00::5",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "[::1]",
    "not an address",
  ])("refuses %s", (ip) => {
    expect(isPrivateAddress(ip)).toBe(true);
  });

  it.each(["1.1.1.1", "8.8.8.8", "172.32.0.1", "192.169.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])("lets %s through", (ip) => {
    expect(isPrivateAddress(ip)).toBe(false);
  });
});

describe("assertPublicUrl", () => {
  it("judges a name by the addresses it resolves to", async () => {
    await expect(assertPublicUrl("http://localhost:11434")).rejects.toBeInstanceOf(PrivateNetworkError);
    await expect(assertPublicUrl("http://127.0.0.1:1234/v1")).rejects.toThrow("127.0.0.1 is on this server's private network");
    await expect(assertPublicUrl("http://[::1]:8080/v1")).rejects.toBeInstanceOf(PrivateNetworkError);
    await expect(assertPublicUrl("http://169.254.169.254/latest/meta-data")).rejects.toBeInstanceOf(PrivateNetworkError);
    await expect(assertPublicUrl("https://8.8.8.8/v1")).resolves.toBeUndefined();
  });
});

describe("connectionFetch", () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((_req, res) => res.end("inside"));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const causeOf = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (e) {
      return (e as { cause?: unknown }).cause;
    }
    throw new Error("the request went through");
  };

  it("refuses a private address, literal or resolved at connect time", async () => {
    const guarded = connectionFetch(false);
    expect(await causeOf(guarded(`http://127.0.0.1:${port}/`))).toBeInstanceOf(PrivateNetworkError);
    // A name is checked when the socket resolves it (a name that resolved elsewhere when it was checked is caught here).
    expect(await causeOf(guarded(`http://localhost:${port}/`))).toBeInstanceOf(PrivateNetworkError);
  });

  it("reaches it when the deployer allows private addresses", async () => {
    const res = await connectionFetch(true)(`http://localhost:${port}/`);
    expect(await res.text()).toBe("inside");
  });
});
