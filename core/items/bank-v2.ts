/** The seed bank v2 was generated from (scripts/questions/bank.ts builds it; ADR 0025). */
export const bankSeed = "lumen-iq-bank-v1";
