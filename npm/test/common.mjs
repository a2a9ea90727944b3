// What the package's tests share: a replayable pseudo-random sequence and `kpk serve` started on
// a free loopback port.
import { spawn } from "node:child_process";

// A fixed pseudo-random sequence (xorshift32) from `seed`, so that a failure can be replayed:
// the function answers a whole number below `n` each call.
export function xorshift(seed) {
  let s = seed >>> 0;
  return (n) => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s % n;
  };
}

// `kpk serve` (the binary `bin`, with `args` beside the address) started on a free loopback
// port: { server, base } once it listens (base: its URL, without a trailing slash).
export async function startServer(bin, args = []) {
  const server = spawn(bin, ["serve", "--addr", "127.0.0.1:0", ...args], { stdio: ["ignore", "pipe", "inherit"] });
  const base = await new Promise((resolve, reject) => {
    server.on("error", reject);
    server.stdout.on("data", (chunk) => {
      const m = /listening on (http:\/\/[^/]+)\//.exec(String(chunk));
      if (m) resolve(m[1]);
    });
  });
  return { server, base };
}
