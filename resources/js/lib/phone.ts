/**
 * Formats a phone number for display, by the specification's rules, applied to the value's
 * digits (every non-digit removed):
 *
 * - exactly 10 digits                  → `(xxx) xxx-xxxx`
 * - 11 digits starting with 1          → `+1 (xxx) xxx-xxxx`
 * - more than 12 digits starting with 62 → `+62 xxx-xxxx-rest`
 * - anything else                      → the value as it is when it starts with `+`,
 *                                        else the value with `+` in front.
 *
 * In the fallback "the value" is the original string with surrounding whitespace trimmed, not
 * the digits: `'+44 20 7946 0958'` stays readable instead of collapsing to `+442079460958`.
 * Empty, blank, null and undefined give `''`.
 */
export function formatPhone(value: string | null | undefined): string {
  const original = (value ?? '').trim();
  if (original === '') return '';

  const digits = original.replace(/\D/g, '');

  if (digits.length === 10) {
    return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  }

  if (digits.length === 11 && digits.startsWith('1')) {
    return `+1 (${digits.slice(1, 4)}) ${digits.slice(4, 7)}-${digits.slice(7)}`;
  }

  if (digits.length > 12 && digits.startsWith('62')) {
    return `+62 ${digits.slice(2, 5)}-${digits.slice(5, 9)}-${digits.slice(9)}`;
  }

  return original.startsWith('+') ? original : `+${original}`;
}
