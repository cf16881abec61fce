import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { ageOn } from "../../core/accounts/age";
import type { CertificateDetails } from "../../core/attempts/certificate";
import { questionCodes } from "../../core/items/questions";
import { translate } from "../../core/locales/translate";
import { answer, answerMany, formKeyOf, paceAnswers, startTest } from "../../tests/worker/attempts";
import { Client } from "../../tests/worker/client";
import { countedWorker } from "../../tests/worker/counted-d1";
import { certificateCacheKey } from "../certificates/cache";
import { certificateContent } from "../certificates/certificates";
import { certificateSize, nameFontSize } from "../certificates/design";
import { renderCertificateSvg } from "../certificates/render";

/**
 * The participation certificate (docs/decisions/0010-certificates.md): the PNG and SVG
 * of the owner's finished attempt, their cache, and the public verification by code.
 */

async function finish(client: Client, attemptId: string) {
  const response = await client.fetch(`/api/tests/${attemptId}/finish`, { method: "POST" });
  expect(response.status).toBe(200);
}

/** A signed-up user with a finished attempt: empty (IQ ≤55), or `right` answers right. */
async function finishedAttempt(
  options: { name?: string; dateOfBirth?: string; right?: number; client?: Client } = {},
) {
  const client = options.client ?? new Client();
  const { email } = await client.signUp({
    name: "Conceição Júlia Araújo",
    dateOfBirth: options.dateOfBirth ?? "1990-05-17",
  });
  const { state } = await startTest(client);
  const key = await formKeyOf(state.id);
  for (const code of questionCodes.slice(0, options.right ?? 0)) {
    expect((await answer(client, state.id, code, { letter: key[code] })).status).toBe(200);
  }
  if (options.right) await paceAnswers(state.id, 15_000);
  await finish(client, state.id);
  if (options.name !== undefined) await setName(client, options.name);
  return { client, attemptId: state.id, email };
}

/** Names from any source (a Google profile, a later edit) reach the certificate as they are. */
async function setName(client: Client, name: string) {
  const me = await client.me();
  await env.DB.prepare("update users set name = ? where id = ?").bind(name, me.id).run();
}

function png(client: Client, attemptId: string, query = "") {
  return client.fetch(`/api/certificates/${attemptId}.png${query}`);
}

async function svgText(client: Client, attemptId: string, query = "") {
  const response = await client.fetch(`/api/certificates/${attemptId}.svg${query}`);
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toContain("image/svg+xml");
  return response.text();
}

async function details(client: Client, attemptId: string) {
  const response = await client.fetch(`/api/certificates/${attemptId}`);
  expect(response.status).toBe(200);
  return (await response.json()) as CertificateDetails;
}

/** The SVG's text layer (`<title>` and `<desc>`), unescaped once. */
function textLayer(svg: string): string {
  const title = /<title>([^<]*)<\/title>/.exec(svg)?.[1] ?? "";
  const desc = /<desc>([^<]*)<\/desc>/.exec(svg)?.[1] ?? "";
  return `${title}\n${desc}`;
}

// --- PNG decoding (8-bit RGBA, non-interlaced: what resvg writes) ---------------------

function u32(bytes: Uint8Array, at: number): number {
  return new DataView(bytes.buffer, bytes.byteOffset).getUint32(at);
}

async function inflate(data: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Width, height and a pixel reader of a PNG, checking the signature and chunk layout. */
async function decodePng(bytes: Uint8Array<ArrayBuffer>) {
  expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const type = (at: number) => String.fromCharCode(...bytes.slice(at, at + 4));
  expect(type(12)).toBe("IHDR");
  const width = u32(bytes, 16);
  const height = u32(bytes, 20);
  const [bitDepth, colorType, , , interlace] = bytes.slice(24, 29);
  const idat: Uint8Array<ArrayBuffer>[] = [];
  let at = 8;
  while (at < bytes.length) {
    const length = u32(bytes, at);
    if (type(at + 4) === "IDAT") idat.push(bytes.slice(at + 8, at + 8 + length));
    if (type(at + 4) === "IEND") break;
    at += 12 + length;
  }
  const raw = await inflate(new Uint8Array(await new Blob(idat).arrayBuffer()));
  const channels = colorType === 6 ? 4 : 3;
  expect({ bitDepth, interlace, channels }).toEqual({ bitDepth: 8, interlace: 0, channels: 4 });
  const stride = width * channels;
  const pixels = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x] as number;
      const left = x >= channels ? (pixels[y * stride + x - channels] as number) : 0;
      const up = y > 0 ? (pixels[(y - 1) * stride + x] as number) : 0;
      const upLeft =
        y > 0 && x >= channels ? (pixels[(y - 1) * stride + x - channels] as number) : 0;
      let predicted = 0;
      if (filter === 1) predicted = left;
      else if (filter === 2) predicted = up;
      else if (filter === 3) predicted = (left + up) >> 1;
      else if (filter === 4) {
        const p = left + up - upLeft;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        predicted = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      }
      pixels[y * stride + x] = (value + predicted) & 0xff;
    }
  }
  const hex = (x: number, y: number) =>
    `#${[...pixels.slice(y * stride + x * channels, y * stride + x * channels + 3)]
      .map((v) => v.toString(16).padStart(2, "0"))
      .join("")}`;
  return { width, height, hex };
}

describe("the certificate image", () => {
  it("is a PNG of 1600 x 1131 in the certificate's design, under 150 KB", async () => {
    const { client, attemptId } = await finishedAttempt({ right: 30 });
    const response = await png(client, attemptId);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.length).toBeLessThan(150 * 1024);
    const image = await decodePng(bytes);
    expect({ width: image.width, height: image.height }).toEqual(certificateSize);
    // The navy frame, the ivory paper, the navy seal around the score.
    expect(image.hex(10, 10)).toBe("#0f1630");
    expect(image.hex(200, 300)).toBe("#fbfaf6");
    expect(image.hex(722, 799)).toBe("#0f1630");
  });

  it("prints the name, the age at the test's date, the IQ, the band, the date and the code", async () => {
    // 36 right of 40 (the four wrong are RL's hardest): an IQ of three digits on any form
    // (30 right, with all of RL wrong, read 99 on some forms).
    const { client, attemptId } = await finishedAttempt({ right: 36, dateOfBirth: "1990-05-17" });
    const result = (await (await client.fetch(`/api/tests/${attemptId}/result`)).json()) as {
      iqLabel: string;
      band: string;
      finishedAt: string;
    };
    const { code } = await details(client, attemptId);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    const svg = await svgText(client, attemptId);
    const text = textLayer(svg);
    const age = ageOn("1990-05-17", new Date(result.finishedAt));
    expect(text).toContain("Certificate of participation: Conceição Júlia Araújo");
    expect(text).toContain(`Age ${age}`);
    expect(result.iqLabel).toMatch(/^1\d\d$/);
    expect(text).toContain(`IQ ${result.iqLabel}`);
    expect(text).toContain(translate(`result_band_${result.band}`, "en"));
    expect(text).toContain(`Certificate no. ${code}`);
    expect(text).toContain(`Verify at ${new URL(env.BASE_URL).origin}/verify/${code}`);
    expect(text).toContain("information and entertainment only");
    // The text itself is drawn as glyph outlines: the file looks the same everywhere.
    expect(svg).toMatch(/<path [^>]*d="M/);
    expect(svg).not.toContain("<text");
  });

  it("speaks the page's language: ?lang=pt-br or the i18n header", async () => {
    const { client, attemptId } = await finishedAttempt();
    const { code } = await details(client, attemptId);
    const viaQuery = textLayer(await svgText(client, attemptId, "?lang=pt-br"));
    expect(viaQuery).toContain("Certificado de participação: Conceição Júlia Araújo");
    expect(viaQuery).toContain("Verifique em");
    expect(viaQuery).toContain(`/pt-br/verificar/${code}`);
    expect(viaQuery).toMatch(/Data do teste: \d{1,2} de [a-zç]+ de \d{4}/);
    const viaHeader = await client.fetch(`/api/certificates/${attemptId}.svg`, {
      headers: { i18n: "pt-br" },
    });
    expect(textLayer(await viaHeader.text())).toContain("Certificado de participação");
  });

  it("is not issued before the owner has a date of birth, and then prints the age", async () => {
    const { client, attemptId } = await finishedAttempt();
    const me = await client.me();
    await env.DB.prepare("update users set date_of_birth = null where id = ?").bind(me.id).run();
    // An account without one (a Google sign-up) completes its profile first (ADR 0022).
    const refused = await client.fetch(`/api/certificates/${attemptId}.svg`);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ status: 403, code: "profileIncomplete" });
    const completed = await client.fetch("/api/account/profile", {
      method: "PATCH",
      body: { name: "Conceição Júlia Araújo", dateOfBirth: "1990-05-17" },
    });
    expect(completed.status).toBe(200);
    const text = textLayer(await svgText(client, attemptId));
    expect(text).toMatch(/Age \d+/);
    expect(text).toContain("IQ ≤55");
  });

  it("SECURITY 30: renders a name with markup as text, escaped, never as markup", async () => {
    const name = '<script>alert(1)</script> & "Zé"';
    const { client, attemptId } = await finishedAttempt({ name });
    const svg = await svgText(client, attemptId);
    expect(svg).not.toContain("<script");
    expect(svg).toContain("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Zé&quot;");
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    // The image is served as an image that can run nothing, even opened on its own.
    const response = await client.fetch(`/api/certificates/${attemptId}.svg`);
    expect(response.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    const verify = await client.fetch(
      `/api/certificates/verify/${(await details(client, attemptId)).code}`,
    );
    expect(((await verify.json()) as { name: string }).name).toBe(name);
  });

  it("SECURITY 30: cuts a name longer than 75 characters with an ellipsis", async () => {
    const { client, attemptId } = await finishedAttempt({ name: `${"Ana ".repeat(30)}Silva` });
    const text = textLayer(await svgText(client, attemptId));
    const printed = /: ([^\n]*)$/m.exec(text.split("\n")[0] ?? "")?.[1] ?? "";
    expect(Array.from(printed)).toHaveLength(75);
    expect(printed.endsWith("…")).toBe(true);
  });

  it("SECURITY 30: is drawn from bundled fonts and images only: nothing is fetched", async () => {
    const fetched = vi.spyOn(globalThis, "fetch");
    const name = 'Zé 李小龍 🙂 <img src="https://evil.example/x.png"> url(https://evil.example/f)';
    const { client, attemptId } = await finishedAttempt({ name });
    const calls = fetched.mock.calls.length;
    const response = await png(client, attemptId);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(fetched.mock.calls.slice(calls)).toEqual([]);
  });

  it("SECURITY 14: is the owner's only: 401 anonymous, 404 for another user or an unknown id", async () => {
    const { client, attemptId } = await finishedAttempt();
    expect((await png(client, attemptId)).status).toBe(200);
    const anonymous = await png(new Client(), attemptId);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: "loginRequired" });
    const other = new Client();
    await other.signUp();
    for (const path of [
      `/api/certificates/${attemptId}.png`,
      `/api/certificates/${attemptId}.svg`,
      `/api/certificates/${attemptId}`,
      `/api/certificates/${crypto.randomUUID()}.png`,
      "/api/certificates/not-an-id.png",
    ]) {
      const response = await other.fetch(path);
      expect(response.status, path).toBe(404);
      expect(await response.json(), path).toMatchObject({ code: "invalidTest" });
    }
  });

  it("does not exist for a test still running or rejected", async () => {
    const client = new Client();
    await client.signUp();
    const running = await startTest(client);
    expect((await png(client, running.state.id)).status).toBe(404);
    const rushed = await startTest(client, { restart: true });
    await answerMany(client, rushed.state.id, 32);
    await finish(client, rushed.state.id);
    const response = await png(client, rushed.state.id);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: "invalidTest" });
  });

  it("is a download with a localized file name when asked", async () => {
    const { client, attemptId } = await finishedAttempt();
    const { code } = await details(client, attemptId);
    const en = await png(client, attemptId, "?download=1");
    expect(en.headers.get("Content-Disposition")).toBe(
      `attachment; filename="lumen-iq-certificate-${code}.png"`,
    );
    const pt = await png(client, attemptId, "?download=1&lang=pt-br");
    expect(pt.headers.get("Content-Disposition")).toBe(
      `attachment; filename="lumen-iq-certificado-${code}.png"`,
    );
    expect((await png(client, attemptId)).headers.get("Content-Disposition")).toBeNull();
  });
});

describe("the cache", () => {
  it("renders once per attempt, language and design version, then answers from KV", async () => {
    const { client, attemptId } = await finishedAttempt();
    const first = await png(client, attemptId);
    expect(first.headers.get("X-Certificate-Cache")).toBe("miss");
    const firstBytes = new Uint8Array(await first.arrayBuffer());
    const second = await png(client, attemptId);
    expect(second.headers.get("X-Certificate-Cache")).toBe("hit");
    expect(new Uint8Array(await second.arrayBuffer())).toEqual(firstBytes);
    // The PNG's render kept its SVG too; the other language is its own render.
    const svg = await client.fetch(`/api/certificates/${attemptId}.svg`);
    expect(svg.headers.get("X-Certificate-Cache")).toBe("hit");
    const pt = await png(client, attemptId, "?lang=pt-br");
    expect(pt.headers.get("X-Certificate-Cache")).toBe("miss");
    const stored = await env.KV.get(certificateCacheKey(attemptId, "en", "png"), "arrayBuffer");
    expect(new Uint8Array(stored ?? new ArrayBuffer(0))).toEqual(firstBytes);
  });

  it("answers a kept image with two D1 reads: the session, the attempt with its code", async () => {
    const worker = countedWorker();
    const { client, attemptId } = await finishedAttempt({
      client: new Client(undefined, worker.send),
    });
    const { code } = await details(client, attemptId);
    expect((await png(client, attemptId)).headers.get("X-Certificate-Cache")).toBe("miss");
    worker.counted();
    for (const query of ["", "?download=1"]) {
      const response = await png(client, attemptId, query);
      expect(response.headers.get("X-Certificate-Cache")).toBe("hit");
      expect(worker.counted(), query).toEqual({ reads: 2, writes: 0, roundTrips: 2 });
    }
    const named = await png(client, attemptId, "?download=1");
    expect(named.headers.get("Content-Disposition")).toContain(code);
  });

  it("keeps the code: one certificate per attempt, the same on every request", async () => {
    const { client, attemptId } = await finishedAttempt();
    const [a, b] = await Promise.all([details(client, attemptId), details(client, attemptId)]);
    expect(a.code).toBe(b.code);
    const rows = await env.DB.prepare("select count(*) as n from certificates where attempt_id = ?")
      .bind(attemptId)
      .first<{ n: number }>();
    expect(rows?.n).toBe(1);
  });
});

describe("the layout of the name", () => {
  async function nameLines(name: string) {
    const { client, attemptId } = await finishedAttempt();
    const me = await client.me();
    // The text-mode SVG keeps satori's layout as <text> elements (same fonts, same boxes).
    const svg = await renderCertificateSvg(
      certificateContent(
        env,
        { code: "7K3M9QX2TB", attemptId, userId: me.id ?? "", name, age: 34, createdAt: 0 },
        {
          finishedAt: new Date("2026-11-22T12:00:00Z").toISOString(),
          iq: 112,
          iqLabel: "112",
          interval: { low: 101, high: 123 },
          band: "average",
        },
        "en",
      ),
      { textAsPaths: false },
    );
    const words = [
      ...svg.matchAll(
        /<text x="([\d.]+)" y="([\d.]+)" width="([\d.]+)"[^>]*font-style="normal" font-size="(\d+)" font-family="cormorant garamond"[^>]*>([^<]*)<\/text>/g,
      ),
    ].map(([, x, y, width, size, text]) => ({
      x: Number(x),
      y: Number(y),
      right: Number(x) + Number(width),
      size: Number(size),
      text,
    }));
    const lines = [...new Set(words.map((w) => w.y))];
    return { svg, words, lines };
  }

  it("keeps a short name on one line at the largest size", async () => {
    const { words, lines } = await nameLines("Ana Lu");
    expect(lines).toHaveLength(1);
    expect(words.map((w) => w.size)).toEqual([96, 96, 96]);
  });

  it("shrinks a 75-character name and wraps it on two lines inside the name's box", async () => {
    const name = "Maria Conceição Aparecida dos Santos Nogueira de Albuquerque Vasconcelos Li";
    expect(Array.from(name)).toHaveLength(75);
    const { words, lines } = await nameLines(name);
    expect(new Set(words.map((w) => w.size))).toEqual(new Set([nameFontSize(name)]));
    expect(nameFontSize(name)).toBeLessThan(96);
    expect(lines).toHaveLength(2);
    expect(
      words
        .map((w) => w.text)
        .join("")
        .replace(/\s+/g, " ")
        .trim(),
    ).toBe(name);
    // The name's box is 1240 px wide, centred on the 1600 px page.
    for (const word of words) {
      expect(word.x).toBeGreaterThanOrEqual(180);
      expect(word.right).toBeLessThanOrEqual(1420);
    }
  });

  it("breaks a name with no spaces rather than let it overflow", async () => {
    const { words, lines } = await nameLines("W".repeat(60));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const word of words) expect(word.right).toBeLessThanOrEqual(1420);
  });

  it("escapes markup in the text layer too", async () => {
    const { svg } = await nameLines("<b>Zé</b>");
    expect(svg).not.toContain("<b>");
    expect(svg).toContain("&lt;");
  });
});

describe("the public verification", () => {
  it("answers the name, the IQ with its interval, the date and the question set of a code, and nothing else", async () => {
    const { client, attemptId } = await finishedAttempt();
    const { code } = await details(client, attemptId);
    const anonymous = new Client();
    for (const typed of [code, code.toLowerCase()]) {
      const response = await anonymous.fetch(`/api/certificates/verify/${typed}`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual([
        "date",
        "interval",
        "iqLabel",
        "name",
        "questions",
      ]);
      expect(body).toMatchObject({
        name: "Conceição Júlia Araújo",
        iqLabel: "≤55",
        interval: { low: "≤55" },
        questions: { kind: "form", version: "v1" },
      });
      expect(body.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it("answers 404 for an unknown or malformed code", async () => {
    const client = new Client();
    for (const code of ["7K3M9QX2TB", "short", "%3Cscript%3E"]) {
      const response = await client.fetch(`/api/certificates/verify/${code}`);
      expect(response.status, code).toBe(404);
      expect(await response.json()).toMatchObject({ code: "certificateNotFound" });
    }
  });
});

describe("the shared image (ADR 0043)", () => {
  const shared = (code: string, query = "") =>
    new Client().fetch(`/api/certificates/shared/${code}${query}`);

  it("is a public PNG of the certificate, cacheable by anyone, for the code alone", async () => {
    const { client, attemptId } = await finishedAttempt();
    const { code } = await details(client, attemptId);
    const response = await shared(`${code}.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(response.headers.get("Set-Cookie")).toBeNull();
    const image = await decodePng(new Uint8Array(await response.arrayBuffer()));
    expect({ width: image.width, height: image.height }).toEqual(certificateSize);
    // Lower case is the same code; a second request answers from KV.
    const again = await shared(`${code.toLowerCase()}.png`);
    expect(again.status).toBe(200);
    expect(again.headers.get("X-Certificate-Cache")).toBe("hit");
  });

  it("prints the name, the IQ, the band, the date and the code, but not the age: nothing private", async () => {
    const { client, attemptId, email } = await finishedAttempt({ dateOfBirth: "1990-05-17" });
    const { code } = await details(client, attemptId);
    const owner = textLayer(await svgText(client, attemptId));
    expect(owner).toMatch(/Age \d+/);
    for (const [query, locale] of [
      ["", "en"],
      ["?lang=pt-br", "pt-br"],
    ] as const) {
      const response = await shared(`${code}.svg`, query);
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
      const text = textLayer(await response.text());
      expect(text).toContain("Conceição Júlia Araújo");
      expect(text).toContain(code);
      expect(text).toContain(translate("certificate_title", locale));
      expect(text).not.toMatch(/Age \d+|Idade|\d+ anos/);
      expect(text).not.toContain("1990");
      expect(text).not.toContain(email);
      expect(text).not.toContain(email.split("@")[0]);
    }
    // The owner's image is untouched: it still prints the age.
    expect(textLayer(await svgText(client, attemptId))).toBe(owner);
  });

  it("answers 404 for an unknown, a malformed or a withdrawn code, and for another format", async () => {
    const { client, attemptId } = await finishedAttempt();
    const { code } = await details(client, attemptId);
    for (const file of ["7K3M9QX2TB.png", "nope.png", `${code}.jpg`, code, `${code}.png.png`]) {
      const response = await shared(file);
      expect(response.status, file).toBe(404);
      expect(await response.json()).toMatchObject({ code: "certificateNotFound" });
    }
    expect((await shared(`${code}.png`)).status).toBe(200);
    const deleted = await client.fetch("/api/account/delete", { body: { confirm: "DELETE" } });
    expect(deleted.status).toBe(200);
    for (const file of [`${code}.png`, `${code}.svg`]) {
      expect((await shared(file)).status, file).toBe(404);
    }
  });
});
