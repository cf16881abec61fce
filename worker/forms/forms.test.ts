import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { CurrentUser } from "../../core/accounts/account";
import type { RunningAttempt } from "../../core/attempts/attempt";
import { drawForm } from "../../core/items/pool/form";
import { poolModels } from "../../core/items/pool/models";
import { questionBank } from "../../core/items/question-bank.generated";
import { questionCodes } from "../../core/items/questions";
import { formKeyOf, keysDeep, startTest } from "../../tests/worker/attempts";
import { Client } from "../../tests/worker/client";
import { attemptStub } from "../attempts/lookup";
import { parseForm, seenContents } from "./forms";
import { formSeed } from "./item-secret";

/**
 * Forms of their own, served (docs/decisions/0039-forms-served-and-scored.md): every new
 * attempt draws its own 40 items, the page gets them without anything that tells the key,
 * the images come from the Worker under opaque names, and a person never meets an item twice.
 */

async function storedForm(attemptId: string) {
  const row = await env.DB.prepare(
    "select form, question_bank_version, parameter_version from test_attempts where id = ?",
  )
    .bind(attemptId)
    .first<{ form: string; question_bank_version: string; parameter_version: string }>();
  const form = parseForm(row?.form);
  if (!row || !form) throw new Error(`attempt ${attemptId} has no form`);
  return { row, form };
}

const imageUrls = (state: RunningAttempt) =>
  state.questions.flatMap((q) => [q.image.url, ...q.options.map((o) => o.image.url)]);

const contents = async (attemptId: string) =>
  new Set((await storedForm(attemptId)).form.items.map((item) => item.content));

const restart = (client: Client) => startTest(client, { restart: true });

describe("a form for every attempt", () => {
  it("starts with the attempt's own 40 questions, in the page's positions, stored with the attempt", async () => {
    const client = new Client();
    const { response, state } = await startTest(client);
    expect(response.status).toBe(201);
    expect(state.questionBankVersion).toBe("form-v1");
    expect(state.questions.map((q) => q.code)).toEqual(questionCodes);
    for (const question of state.questions) {
      expect(question.title.en.length, question.code).toBeGreaterThan(5);
      expect(question.title["pt-br"].length, question.code).toBeGreaterThan(5);
      expect(question.options.map((o) => o.letter)).toEqual(["A", "B", "C", "D"]);
      const alts = question.options.map((o) => o.image.alt.en);
      expect(new Set(alts).size, question.code).toBe(4);
    }
    // Not bank v2's items: its question images are not among them.
    const bankUrls = new Set(questionBank.map((q) => q.image.url));
    expect(state.questions.some((q) => bankUrls.has(q.image.url))).toBe(false);

    const { row, form } = await storedForm(state.id);
    expect(row.question_bank_version).toBe("form-v1");
    expect(row.parameter_version).toBe("lltm-v1");
    expect(form.items.map((item) => item.code)).toEqual(questionCodes);

    // A reload resumes the same form.
    const current = (await (await client.fetch("/api/tests/current")).json()) as RunningAttempt;
    expect(current.questions).toEqual(state.questions);
    const resumed = await startTest(client);
    expect(resumed.response.status).toBe(200);
    expect(resumed.state.questions).toEqual(state.questions);
  });

  it("SECURITY 27: tells the key nowhere: not in the answers' shapes, the URLs or their order, over many forms", async () => {
    const modelIds = poolModels.map((model) => model.id);
    // Where the key's image name falls among the four option names, sorted.
    const keyRanks = [0, 0, 0, 0];
    let items = 0;
    for (let attempt = 0; attempt < 8; attempt++) {
      const client = new Client();
      const { state } = await startTest(client);
      const key = await formKeyOf(state.id);
      const { form } = await storedForm(state.id);
      const bodies: unknown[] = [
        state,
        await (await client.fetch("/api/tests/current")).json(),
        await (await client.fetch(`/api/tests/${state.id}`)).json(),
      ];
      for (const body of bodies) {
        const keys = keysDeep(body);
        for (const secret of [
          "key",
          "expect",
          "expected",
          "order",
          "instance",
          "radicals",
          "seed",
          "parameters",
          "content",
          "model",
          "form",
        ])
          expect(keys.has(secret), secret).toBe(false);
        const text = JSON.stringify(body);
        for (const id of modelIds) expect(text.includes(id), id).toBe(false);
        for (const item of form.items) expect(text.includes(item.content)).toBe(false);
      }
      const urls = imageUrls(state);
      for (const url of urls)
        expect(url).toMatch(new RegExp(`^/q/f/${state.id}/[0-9a-f]{32}\\.svg$`));
      expect(new Set(urls).size).toBe(urls.length);
      for (const question of state.questions) {
        const names = question.options.map((o) => o.image.url);
        const keyUrl = question.options.find((o) => o.letter === key[question.code])?.image.url;
        const rank = [...names].sort().indexOf(keyUrl ?? "");
        keyRanks[rank] = (keyRanks[rank] ?? 0) + 1;
        items++;
      }
    }
    // Opaque names: the key's is anywhere among the four, as often as chance says (320
    // items: each rank 25 % +- 12 points, five standard errors).
    for (const rank of keyRanks) {
      expect(rank / items).toBeGreaterThan(0.13);
      expect(rank / items).toBeLessThan(0.37);
    }
  });
});

describe("the form's images", () => {
  it("serves every image of the form as an immutable SVG that draws and runs nothing else", async () => {
    const client = new Client();
    const { state } = await startTest(client);
    const anyone = new Client();
    for (const question of state.questions) {
      for (const image of [question.image, ...question.options.map((o) => o.image)]) {
        // An image needs no cookie: its name is the only key to it.
        const response = await anyone.fetch(image.url);
        expect(response.status, image.url).toBe(200);
        expect(response.headers.get("Content-Type")).toBe("image/svg+xml");
        expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
        expect(response.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
        const svg = await response.text();
        expect(svg.startsWith("<svg")).toBe(true);
        expect(svg).toContain(`width="${image.width}"`);
        expect(svg).not.toMatch(/<script|href=|answer|correct|\bkey\b/i);
      }
    }
    // Asked again: from the edge cache, the same answer.
    const url = state.questions[0]?.image.url ?? "";
    const first = await (await anyone.fetch(url)).text();
    const again = await anyone.fetch(url);
    expect(again.status).toBe(200);
    expect(again.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(await again.text()).toBe(first);
  });

  it("makes an image again from the stored form once the attempt's storage is gone, byte for byte", async () => {
    const client = new Client();
    const { state } = await startTest(client);
    const urls = [
      ...state.questions.slice(0, 3),
      ...state.questions.slice(10, 13),
      ...state.questions.slice(20, 23),
      ...state.questions.slice(30, 33),
    ].flatMap((q) => [q.image.url, ...q.options.map((o) => o.image.url)]);
    // Served from the Durable Object first (fetched with a query, so the edge cache of the
    // plain URL stays empty).
    const first = await Promise.all(
      urls.map(async (url) => (await client.fetch(`${url}?a`)).text()),
    );
    await runInDurableObject(attemptStub(env, state.id), (_instance, storage) =>
      storage.storage.deleteAll(),
    );
    const again = await Promise.all(urls.map(async (url) => (await client.fetch(url)).text()));
    expect(again).toEqual(first);
  });

  it("answers 404 for a name the form does not have, or a malformed one", async () => {
    const client = new Client();
    const { state } = await startTest(client);
    for (const path of [
      `/q/f/${state.id}/${"0".repeat(32)}.svg`,
      `/q/f/${crypto.randomUUID()}/${"a".repeat(32)}.svg`,
      `/q/f/not-an-id/${"a".repeat(32)}.svg`,
      `/q/f/${state.id}/short.svg`,
      `/q/f/${state.id}/${"A".repeat(32)}.svg`,
    ]) {
      const response = await client.fetch(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
    }
  });
});

describe("no item twice for the same person", () => {
  it("the attempt's object draws none of the items it is told were seen", async () => {
    const id = crypto.randomUUID();
    // The form this attempt would have drawn had the person seen nothing.
    const unseen = drawForm(formSeed(env, id));
    const seen = unseen.items.map((item) => item.content);
    const started = await attemptStub(env, id).start(
      { attemptId: id, durationMs: 60_000, graceMs: 5_000 },
      { secretHash: "0".repeat(64), ownerId: null, sessionId: null },
      seen,
    );
    expect(started.form?.items).toHaveLength(40);
    for (const item of started.form?.items ?? []) expect(seen).not.toContain(item.content);
  });

  it("counts as seen every item of the person's earlier forms", async () => {
    const client = new Client();
    const { email } = await client.signUp();
    const user = await env.DB.prepare("select id from users where email = ?")
      .bind(email)
      .first<{ id: string }>();
    const first = (await startTest(client)).state;
    const second = (await restart(client)).state;
    const expected = new Set([...(await contents(first.id)), ...(await contents(second.id))]);
    const seen = await seenContents(new Request("https://www.example.com/"), env, {
      isAuthenticated: true,
      id: user?.id,
    } as CurrentUser);
    expect(new Set(seen)).toEqual(expected);
    expect(seen).toHaveLength(80);
  });

  it("gives a signed-in person's next attempts none of the items of their earlier ones", async () => {
    const client = new Client();
    await client.signUp();
    const first = (await startTest(client)).state;
    const second = (await restart(client)).state;
    const third = (await restart(client)).state;
    const [a, b, c] = await Promise.all([first, second, third].map((s) => contents(s.id)));
    for (const content of b as Set<string>) expect(a?.has(content)).toBe(false);
    for (const content of c as Set<string>) {
      expect(a?.has(content)).toBe(false);
      expect(b?.has(content)).toBe(false);
    }
  });

  it("gives an anonymous taker who starts again none of the items of the attempt this browser held", async () => {
    const client = new Client();
    const first = (await startTest(client)).state;
    const second = (await restart(client)).state;
    const [a, b] = await Promise.all([contents(first.id), contents(second.id)]);
    for (const content of b) expect(a.has(content)).toBe(false);
  });
});
