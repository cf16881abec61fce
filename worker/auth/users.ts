import type { SignedInUser } from "../../core/account";
import type { users } from "../../db/schema";

type UserRow = typeof users.$inferSelect;

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
