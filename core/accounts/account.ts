/** The current user and application configuration (spec sections 3 and 7). */

export interface SignedInUser {
  id: string;
  name: string;
  email: string;
  /** ISO date (yyyy-mm-dd); null for Google accounts that have not told it yet. */
  dateOfBirth: string | null;
  profilePicture: string | null;
  /** True when the profile lacks something the product needs (the date of birth). */
  shouldUpdate: boolean;
  isAuthenticated: true;
}

/**
 * A signed-in user whose profile has what a score and a certificate need: the date of
 * birth (the norms' age band, the certificate's age, the 16+ rule). Scores are computed
 * only for such a user (docs/decisions/0022-register-and-profile-completion.md).
 */
export type ProfiledUser = SignedInUser & { dateOfBirth: string; shouldUpdate: false };

export function hasCompleteProfile(user: SignedInUser): user is ProfiledUser {
  return user.dateOfBirth !== null && !user.shouldUpdate;
}

/** `PATCH /api/account/profile`: the body (core/accounts/account-rules.ts `profileSchema`) and its answer. */
export interface ProfileUpdate {
  name: string;
  dateOfBirth: string;
}

export interface ProfileUpdated {
  user: SignedInUser;
}

/**
 * The error code of a request for a score, certificate, report or checkout by an account
 * that has not told its date of birth yet (403): the page asks for it first.
 */
export const profileIncompleteCode = "profileIncomplete";

/**
 * The error code added to the 16+ refusal when it removed the account that asked (an
 * account without a date of birth, from a Google sign-up): its session is over too.
 */
export const accountRemovedCode = "accountRemoved";

export interface AnonymousUser {
  id: null;
  name: null;
  email: null;
  dateOfBirth: null;
  profilePicture: null;
  shouldUpdate: false;
  isAuthenticated: false;
}

export type CurrentUser = SignedInUser | AnonymousUser;

export const anonymousUser: AnonymousUser = {
  id: null,
  name: null,
  email: null,
  dateOfBirth: null,
  profilePicture: null,
  shouldUpdate: false,
  isAuthenticated: false,
};

export interface ApplicationConfiguration {
  user: CurrentUser;
  isLoading: false;
  test: { price: { amount: number; currency: "USD" | "BRL" } };
}

/** The JSON body of every API error (spec section 8): field messages, already translated. */
export interface ApiErrorBody {
  status: number;
  /** Field name -> messages. `code` and `system` are shown as toasts, others on form fields. */
  fields?: Record<string, string[]>;
  /** Key of errors_modal_<code>_* for the error modal, when there is no field to blame. */
  code?: string;
}

/** Avatar placeholder: first letters of up to two words (spec section 9). */
export function initials(name: string): string {
  return (
    name
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      // The first code point, so a letter outside the BMP is not cut in half.
      .map((word) => (Array.from(word)[0] ?? "").toUpperCase())
      .join("")
  );
}
