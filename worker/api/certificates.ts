import { Hono } from "hono";
import { z } from "zod";
import { hasCompleteProfile } from "../../core/accounts/account";
import {
  type CertificateDetails,
  certificateCodePattern,
  isoDay,
  normalizeCertificateCode,
} from "../../core/attempts/certificate";
import type { Locale } from "../../core/locales/locales";
import * as m from "../../core/paraglide/messages";
import { scoreLabels } from "../../core/scoring/score-text";
import { localizePath } from "../../core/web/route-table";
import type { AppEnv } from "../app-env";
import { accountFinishedAttempt } from "../attempts/access";
import { resultOf } from "../attempts/results";
import { profileIncomplete } from "../auth/profile";
import {
  type CertificateFormat,
  cacheCertificate,
  cachedCertificate,
  certificateCacheKey,
  sharedCertificateCacheKey,
} from "../certificates/cache";
import {
  attemptWithCertificateCode,
  certificateContent,
  issueCertificate,
  isWithdrawnCertificate,
  questionSet,
  sharedCertificate,
  verifyCertificate,
} from "../certificates/certificates";
import { renderCertificatePng, renderCertificateSvg } from "../certificates/render";
import { linkLocale, requestLocale } from "../http/request";
import { errorResponse, noStore, notFoundJson } from "../http/responses";

/**
 * The participation certificate (docs/decisions/0010-certificates.md):
 * - `GET /api/certificates/{attemptId}.png` and `.svg`: the signed-in owner's certificate
 *   of a finished attempt (401 when anonymous; 404 `invalidTest` for anything else, like
 *   an unknown id: SECURITY.md 14). `?download=1` makes it a download; `?lang=pt-br`
 *   picks the language (an image request cannot send the `i18n` header).
 * - `GET /api/certificates/{attemptId}`: the same owner's certificate details for the
 *   certificate page (`CertificateDetails`), issuing its code if it has none yet.
 * - `GET /api/certificates/verify/{code}`: public; the name, IQ and date, nothing else;
 *   410 `certificateWithdrawn` once its account was deleted (ADR 0023).
 * - `GET /api/certificates/shared/{code}.png` and `.svg`: public; the certificate without
 *   its age line, for a shared link's preview (ADR 0043); cacheable by anyone for an hour;
 *   404 for an unknown or withdrawn code.
 */
export const certificates = new Hono<AppEnv>();

const attemptIdSchema = z.uuid();
/** `{id}` (the details), `{id}.png` or `{id}.svg`. */
const fileName = /^([^.]+)(?:\.(png|svg))?$/;

const contentTypes: Record<CertificateFormat, string> = {
  png: "image/png",
  svg: "image/svg+xml; charset=utf-8",
};

const invalidTest = (locale: Locale) => errorResponse(locale, 404, { code: "invalidTest" });

certificates.get("/verify/:code", async (c) => {
  const locale = requestLocale(c.req.raw);
  const code = c.req.param("code");
  const wellFormed = certificateCodePattern.test(code);
  const found = wellFormed ? await verifyCertificate(c.env, code) : null;
  if (!found && wellFormed && (await isWithdrawnCertificate(c.env, code))) {
    return errorResponse(locale, 410, {
      code: "certificateWithdrawn",
      fields: {
        system: [
          {
            key: "delete_certificate_withdrawn_text",
            inputs: { code: normalizeCertificateCode(code) },
          },
        ],
      },
    });
  }
  if (!found) return errorResponse(locale, 404, { code: "certificateNotFound" });
  return c.json(found, 200, noStore);
});

/** `{code}.png` or `{code}.svg`. */
const sharedFileName = /^([0-9A-Za-z]+)\.(png|svg)$/;

/** How long anyone may keep a shared image: a withdrawn one stops being served within it. */
const sharedMaxAgeSeconds = 60 * 60;

certificates.get("/shared/:file", async (c) => {
  const locale = linkLocale(c.req.raw);
  const [, code = "", extension] = sharedFileName.exec(c.req.param("file")) ?? [];
  const format = extension as CertificateFormat | undefined;
  const shared =
    format && certificateCodePattern.test(code)
      ? await sharedCertificate(c.env, code, locale)
      : null;
  if (!format || !shared) return errorResponse(locale, 404, { code: "certificateNotFound" });
  const key = sharedCertificateCacheKey(shared.attemptId, locale, format);
  let body: ArrayBuffer | Uint8Array<ArrayBuffer> | string | null = await cachedCertificate(
    c.env,
    key,
  );
  const cache = body === null ? "miss" : "hit";
  if (body === null) {
    const svg = await renderCertificateSvg(shared.content);
    body = format === "svg" ? svg : await renderCertificatePng(svg);
    await cacheCertificate(c.env, key, body);
  }
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": contentTypes[format],
      "Cache-Control": `public, max-age=${sharedMaxAgeSeconds}`,
      "X-Certificate-Cache": cache,
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
});

certificates.get("/:file", async (c) => {
  const request = c.req.raw;
  const locale = linkLocale(request);
  const [whole, id = "", extension] = fileName.exec(c.req.param("file")) ?? [];
  const format = extension as CertificateFormat | undefined;
  const validId = Boolean(whole) && attemptIdSchema.safeParse(id).success;
  // The cache is read alongside the checks (its key needs only the URL); nothing of it is
  // answered before they pass.
  const key = format && validId ? certificateCacheKey(id, locale, format) : null;
  const { user } = c.var;
  // One read proves the owner and gives the download's name (with the session's: two).
  const [found, cached] = await Promise.all([
    validId ? attemptWithCertificateCode(c.env, id) : undefined,
    key ? cachedCertificate(c.env, key) : null,
  ]);
  const attempt = found?.attempt;
  // No fields: the page opens the login modal for a bare 401 (spec section 8).
  if (!user.isAuthenticated) return errorResponse(locale, 401, { code: "loginRequired" });
  // The certificate prints the age: none is issued before the profile has the date of birth.
  if (!hasCompleteProfile(user)) return profileIncomplete(locale);
  if (!validId) return invalidTest(locale);
  const finished = accountFinishedAttempt(attempt, user.id);
  if (!finished) {
    console.warn(`certificates: refused attempt=${id} user=${user.id}`);
    return invalidTest(locale);
  }
  const { finishedAt } = finished;

  if (!format) {
    const [result, certificate] = await Promise.all([
      resultOf(c.env, finished, user),
      issueCertificate(c.env, id, user, finishedAt),
    ]);
    const labels = scoreLabels(result);
    const details: CertificateDetails = {
      code: certificate.code,
      name: certificate.name,
      iqLabel: result.iqLabel,
      interval: { low: labels.low, high: labels.high },
      date: isoDay(new Date(finishedAt)),
      questions: questionSet(finished.questionBankVersion),
      verifyPath: localizePath("certificateVerify", locale, { code: certificate.code }),
    };
    return c.json(details, 200, noStore);
  }

  let body: ArrayBuffer | Uint8Array<ArrayBuffer> | string | null = cached;
  let cache: "hit" | "miss" = "hit";
  let code = found?.code ?? null;
  if (body === null) {
    cache = "miss";
    const [result, certificate] = await Promise.all([
      resultOf(c.env, finished, user),
      issueCertificate(c.env, id, user, finishedAt),
    ]);
    code = certificate.code;
    const svg = await renderCertificateSvg(certificateContent(c.env, certificate, result, locale));
    if (format === "svg") {
      body = svg;
      await cacheCertificate(c.env, certificateCacheKey(id, locale, "svg"), svg);
    } else {
      const png = await renderCertificatePng(svg);
      body = png;
      await Promise.all([
        cacheCertificate(c.env, certificateCacheKey(id, locale, "png"), png),
        cacheCertificate(c.env, certificateCacheKey(id, locale, "svg"), svg),
      ]);
    }
  }

  const headers = new Headers({
    "Content-Type": contentTypes[format],
    "Cache-Control": "private, no-store",
    "X-Certificate-Cache": cache,
    // The SVG is an image, never a document that runs anything.
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
  });
  if (c.req.query("download") === "1") {
    const name = m.certificate_file_name({ code: code ?? id.slice(0, 8) }, { locale });
    headers.set("Content-Disposition", `attachment; filename="${name}.${format}"`);
  }
  return new Response(body, { status: 200, headers });
});

certificates.all("*", () => notFoundJson());
