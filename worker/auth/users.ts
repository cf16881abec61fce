import { and, eq } from "drizzle-orm";
import type { SignedInUser } from "../../core/accounts/account";
import { database } from "../../db/client";
import { oauthAccounts, users } from "../../db/schema";
import type { GoogleIdentity } from "../oauth/google";

type UserRow = typeof users.$inferSelect;

/** Accounts: finding one, its public shape, and the account a Google identity signs in as. */

/** E-mail addresses are compared and stored lower-cased (one account per address). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The current-user shape of spec section 3 for a user row. */
export function toSignedInUser(
  row: Pick<UserRow, "id" | "name" | "email" | "dateOfBirth" | "profilePicture">,
): SignedInUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    dateOfBirth: row.dateOfBirth,
    profilePicture: row.profilePicture,
    shouldUpdate: row.dateOfBirth === null,
    isAuthenticated: true,
  };
}

export function findUserByEmail(env: Env, email: string): Promise<UserRow | undefined> {
  return database(env.DB)
    .select()
    .from(users)
    .where(eq(users.email, email))
    .limit(1)
    .then((rows) => rows[0]);
}

/** The account a Google subject is linked to, if any. */
export async function googleAccountOwner(env: Env, subject: string): Promise<string | null> {
  const [link] = await database(env.DB)
    .select({ userId: oauthAccounts.userId })
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.provider, "google"), eq(oauthAccounts.subject, subject)))
    .limit(1);
  return link?.userId ?? null;
}

/** The user a Google identity signs in as, or null when it must be refused. */
export async function userForGoogle(env: Env, identity: GoogleIdentity): Promise<string | null> {
  const db = database(env.DB);
  const linked = await googleAccountOwner(env, identity.subject);
  if (linked) return linked;

  const email = normalizeEmail(identity.email);
  const existing = await findUserByEmail(env, email);
  const now = Date.now();
  if (existing) {
    // Only Google's word that the address is verified lets it into someone's account.
    if (!identity.emailVerified) {
      console.warn(`auth: google sign-in refused (unverified e-mail of user=${existing.id})`);
      return null;
    }
    await db.batch([
      db.insert(oauthAccounts).values({
        provider: "google",
        subject: identity.subject,
        userId: existing.id,
        createdAt: now,
      }),
      db
        .update(users)
        .set({
          emailVerified: true,
          profilePicture: existing.profilePicture ?? identity.picture,
          updatedAt: new Date(now),
        })
        .where(eq(users.id, existing.id)),
    ]);
    console.log(`auth: google account linked to user=${existing.id}`);
    return existing.id;
  }
  const id = crypto.randomUUID();
  const name = (identity.name ?? email.split("@")[0] ?? email).slice(0, 75);
  await db.batch([
    db.insert(users).values({
      id,
      name,
      email,
      dateOfBirth: null,
      profilePicture: identity.picture,
      passwordHash: null,
      emailVerified: identity.emailVerified,
    }),
    db
      .insert(oauthAccounts)
      .values({ provider: "google", subject: identity.subject, userId: id, createdAt: now }),
  ]);
  console.log(`auth: sign-up with google user=${id}`);
  return id;
}
