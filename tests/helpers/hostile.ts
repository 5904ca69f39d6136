import fs from "node:fs";
import http from "node:http";
import { signUpFirstAdminOn } from "./admin";

/** An admin session cookie on a spawned server, through the login form's endpoint. */
export async function adminCookie(base: string, email: string, password: string) {
  await signUpFirstAdminOn(base, email, password);
  const response = await fetch(`${base}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c?.startsWith("mafunzo_admin="));
  if (!cookie) throw new Error(`login failed: HTTP ${response.status}`);
  return cookie;
}

/** The resident memory of a process, in MB (Linux). */
export function rssMb(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/**
 * The live JavaScript heap of a server started with `--inspect=127.0.0.1:<port>`, in MB, measured right after a
 * full garbage collection through the inspector. Unlike the resident size it holds no garbage awaiting collection
 * and no WebAssembly memory (the embedded database's, which grows with its data and never shrinks), so two readings
 * differ only by what the server keeps: a leak.
 */
export async function liveHeapMb(inspectPort: number) {
  const [target] = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  if (!target) throw new Error("the server offers no inspector target");
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", reject, { once: true });
  });
  let nextId = 0;
  const call = (method: string) =>
    new Promise<Record<string, number>>((resolve) => {
      nextId += 1;
      const id = nextId;
      const onMessage = (event: MessageEvent) => {
        const message = JSON.parse(String(event.data)) as { id?: number; result: Record<string, number> };
        if (message.id !== id) return;
        socket.removeEventListener("message", onMessage);
        resolve(message.result);
      };
      socket.addEventListener("message", onMessage);
      socket.send(JSON.stringify({ id, method }));
    });
  try {
    await call("HeapProfiler.collectGarbage");
    const { usedSize } = await call("Runtime.getHeapUsage");
    return (usedSize ?? 0) / 1024 / 1024;
  } finally {
    socket.close();
  }
}

/** Whether /healthz answers within `ms`. */
export async function answersHealth(base: string, ms = 1000) {
  return fetch(`${base}/healthz`, { signal: AbortSignal.timeout(ms) }).then(
    (r) => r.ok,
    () => false,
  );
}

/**
 * Posts `body` with the given headers and resolves with the status the server answers, even when it answers
 * and closes the connection before the body is all sent (as it does to refuse one): a client such as fetch
 * reports that as a failed write instead of the answer.
 */
export function postRaw(base: string, path: string, headers: Record<string, string>, body: Buffer) {
  const url = new URL(path, base);
  return new Promise<number>((resolve, reject) => {
    const request = http.request(
      url,
      { method: "POST", headers: { Origin: base, ...headers } },
      (response) => {
        resolve(response.statusCode ?? 0);
        response.resume();
        request.destroy();
      },
    );
    request.on("error", (error) => {
      const code = "code" in error ? error.code : "";
      if (code !== "ECONNRESET" && code !== "EPIPE") reject(error);
      // the answer may still be read from the socket; if not, the server closed before it could be
      else setTimeout(() => reject(new ClosedEarly(String(code))), 1_000).unref();
    });
    request.end(body);
    setTimeout(() => reject(new Error("no answer within 5 s")), 5_000).unref();
  });
}

/** The server closed the connection while the body was still being sent, before its answer could be read. */
export class ClosedEarly extends Error {}

/**
 * Declares a body of `declaredBytes`, sends only the first `sendBytes` of it, and resolves with the status
 * the server answers meanwhile: a server that waits for the whole body before answering never resolves.
 */
export function postDeclaringHugeBody(
  base: string,
  path: string,
  {
    declaredBytes,
    sendBytes,
    contentType,
  }: { declaredBytes: number; sendBytes: number; contentType: string },
) {
  return postRaw(
    base,
    path,
    { "Content-Type": contentType, "Content-Length": String(declaredBytes) },
    Buffer.alloc(sendBytes, 0x61),
  );
}

/** A multipart body of the given parts, with its Content-Type. */
export async function multipartBody(form: FormData) {
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get("content-type") as string,
  };
}

/** A PNG whose header claims `width` × `height` pixels, with a token body: what a decompression bomb looks like from outside. */
export async function pngClaiming(width: number, height: number) {
  const { crc32, deflateSync } = await import("node:zlib");
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(64 * 1024))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A PNG whose header is sound (64×64) and whose pixel data is not: it passes a header check, not a decode. */
export async function pngWithBrokenPixels() {
  const { default: sharp } = await import("sharp");
  const good = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#3366aa" } })
    .png()
    .toBuffer();
  const bad = Buffer.from(good);
  const idat = bad.indexOf(Buffer.from("IDAT"));
  for (let i = idat + 8; i < idat + 40; i++) bad[i] = 0x55;
  return bad;
}
