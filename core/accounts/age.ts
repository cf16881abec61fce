/**
 * Whole years between a `YYYY-MM-DD` date of birth and a day (UTC): the sign-up's 16+
 * rule, the norms' age band and the certificate's printed age all count the same way.
 * Null when the date is not in that shape.
 */
export function ageOn(dateOfBirth: string, on: Date): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  let age = on.getUTCFullYear() - year;
  const beforeBirthday =
    on.getUTCMonth() + 1 < month || (on.getUTCMonth() + 1 === month && on.getUTCDate() < day);
  if (beforeBirthday) age--;
  return age;
}
