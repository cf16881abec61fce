import { Hono } from "hono";
import type { ApplicationConfiguration } from "../../core/accounts/account";
import type { Locale } from "../../core/locales/locales";
import { checkoutCurrency } from "../../core/payments/checkout";
import type { AppEnv } from "../app-env";
import { requestLocale } from "../http/request";
import { orderPrice } from "../payments/orders";

/** The report's price in the visitor's currency: English pays USD, Portuguese BRL. */
export function reportPrice(env: Env, locale: Locale): ApplicationConfiguration["test"]["price"] {
  const { currency, cents } = orderPrice(env, checkoutCurrency(locale));
  return { amount: cents / 100, currency };
}

/** `GET /api/application-configuration` (spec section 7): the current user and the price. */
export const configuration = new Hono<AppEnv>().get("/", (c) => {
  const body: ApplicationConfiguration = {
    user: c.var.user,
    isLoading: false,
    test: { price: reportPrice(c.env, requestLocale(c.req.raw)) },
  };
  return c.json(body, 200, { "Cache-Control": "no-store", Vary: "Cookie, Accept-Language, i18n" });
});
