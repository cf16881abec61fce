// The certificate's figures for `npm run bench`: a new user takes a short test through the
// API, then the certificate PNG is fetched twice (first render, then from the KV cache).

const codes = ["SM", "RA", "RE", "RL"].flatMap((category) =>
  Array.from({ length: 10 }, (_, i) => `${category}-${String(i + 1).padStart(2, "0")}`),
);

/**
 * A client of the local Worker with its own cookie jar: `call(path, { method, body })`
 * sends JSON from our own origin and keeps the cookies answered.
 */
export function apiSession(base) {
  const jar = new Map();
  return async (path, { method = "GET", body } = {}) => {
    const headers = { Origin: base, Cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const index = pair.indexOf("=");
      jar.set(pair.slice(0, index), pair.slice(index + 1));
    }
    return response;
  };
}

/** Signs a new user up, answers `answers` questions and finishes; returns the cookies and id. */
export async function finishedTest(base, { name = "Conceição Júlia Araújo", answers = 9 } = {}) {
  const call = apiSession(base);
  const password = "Bench#Passw0rd";
  const signUp = await call("/api/accounts/sign-up", {
    method: "POST",
    body: {
      name,
      email: `certificate-${crypto.randomUUID()}@example.com`,
      dateOfBirth: "1990-01-01",
      password,
      passwordConfirmation: password,
    },
  });
  if (signUp.status !== 201) throw new Error(`bench sign-up failed: ${signUp.status}`);
  const start = await call("/api/tests", { method: "POST", body: {} });
  const { id } = await start.json();
  // Fewer than 10 quick answers: the timing rules (ADR 0008) do not reject the attempt.
  for (const [index, code] of codes.slice(0, answers).entries()) {
    await call(`/api/tests/${id}/answers/${code}`, {
      method: "PUT",
      body: { letter: "ABCD"[index % 4] },
    });
  }
  const finish = await call(`/api/tests/${id}/finish`, { method: "POST" });
  if (!finish.ok) throw new Error(`bench finish failed: ${finish.status}`);
  return { id, call };
}

/** One request for a certificate PNG: its time, size and cache header. */
async function fetchPng(call, id) {
  const begin = performance.now();
  const response = await call(`/api/certificates/${id}.png`);
  const body = Buffer.from(await response.arrayBuffer());
  if (!response.ok) throw new Error(`bench certificate failed: ${response.status}`);
  return {
    ms: performance.now() - begin,
    bytes: body.length,
    cache: response.headers.get("X-Certificate-Cache"),
    body,
  };
}

const median = (list) => [...list].sort((a, b) => a.ms - b.ms)[Math.floor(list.length / 2)];

/**
 * The isolate's first certificate (WebAssembly and fonts load), then `rounds` new
 * certificates each fetched twice: the first render, then the KV-cached copy. The floor is
 * a plain authenticated read of the attempt: what every certificate request pays before
 * rendering or reading the cache.
 */
export async function certificateTimings(
  base,
  rounds = Number(process.env.BENCH_CERTIFICATES ?? 7),
) {
  const warm = await finishedTest(base);
  const cold = await fetchPng(warm.call, warm.id);
  const firsts = [];
  const cached = [];
  const floor = [];
  for (let i = 0; i < rounds; i++) {
    const { id, call } = await finishedTest(base);
    // The result is scored when its page is first seen, before anyone asks for a certificate.
    await (await call(`/api/tests/${id}/result`)).arrayBuffer();
    firsts.push(await fetchPng(call, id));
    cached.push(await fetchPng(call, id));
    const begin = performance.now();
    await (await call(`/api/tests/${id}`)).arrayBuffer();
    floor.push({ ms: performance.now() - begin });
  }
  return { cold, first: median(firsts), cached: median(cached), floorMs: median(floor).ms, rounds };
}
