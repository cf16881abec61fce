/**
 * A Pix "copia e cola" code (the Central Bank of Brazil's BR Code: EMV QRCPS merchant
 * presented mode), as the local test provider issues for a pending Pix
 * (docs/decisions/0044-a-pending-pix-page-that-does-its-job.md). Each field is an id, a
 * two-digit length and a value; the code ends with a CRC16 (CCITT-FALSE) over everything
 * before it, the field `63` and its length included. Stripe's codes have the same shape.
 */

/** One field: id, length (two digits) and value. */
function field(id: string, value: string): string {
  if (value.length > 99) throw new RangeError(`pix: field ${id} is too long`);
  return `${id}${String(value.length).padStart(2, "0")}${value}`;
}

/** CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF), four uppercase hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

export interface PixCharge {
  /** Where the payer's bank fetches the charge (a dynamic code's location, without scheme). */
  location: string;
  amountCents: number;
  /** At most 25 characters, as the standard allows. */
  merchantName: string;
  /** At most 15 characters. */
  merchantCity: string;
}

/** A dynamic (one-use) Pix code for `charge`. */
export function pixCode(charge: PixCharge): string {
  const payload = [
    field("00", "01"),
    field("01", "12"),
    field("26", field("00", "br.gov.bcb.pix") + field("25", charge.location)),
    field("52", "0000"),
    field("53", "986"),
    field("54", (charge.amountCents / 100).toFixed(2)),
    field("58", "BR"),
    field("59", charge.merchantName.slice(0, 25)),
    field("60", charge.merchantCity.slice(0, 15)),
    field("62", field("05", "***")),
    "6304",
  ].join("");
  return payload + crc16(payload);
}

/** Whether `code` ends with the right CRC (what a bank app checks first). */
export function hasValidCrc(code: string): boolean {
  return code.length > 8 && crc16(code.slice(0, -4)) === code.slice(-4);
}
