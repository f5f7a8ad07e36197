/**
 * A phone number as a person types it, in E.164: spaces, dashes, dots and brackets dropped; "00"
 * for "+"; a local Indonesian number ("0812…") given its country code (+62), as the businesses
 * Kawan is for write them. Undefined when what is left is not a phone number (8 to 15 digits).
 * Pure, so that the widget's pre-chat form checks a number by the server's own rule.
 */
export function phoneE164(value: string): string | undefined {
  let phone = value.replace(/[\s\-.()]/g, '');
  if (phone.startsWith('00')) phone = `+${phone.slice(2)}`;
  else if (phone.startsWith('0')) phone = `+62${phone.slice(1)}`;
  else if (!phone.startsWith('+')) phone = `+${phone}`;
  return /^\+[1-9]\d{7,14}$/.test(phone) ? phone : undefined;
}
