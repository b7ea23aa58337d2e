/**
 * A recipient for log lines: enough to tell messages apart, not enough to identify the person
 * (logs must not carry contact details in the clear).
 */
export function maskRecipient(recipient: string): string {
  const at = recipient.indexOf('@');
  if (at > 0) {
    return `${recipient.slice(0, 1)}***${recipient.slice(at)}`;
  }
  const digits = recipient.replace(/\D/g, '');
  return digits.length >= 4 ? `***${digits.slice(-4)}` : '***';
}
