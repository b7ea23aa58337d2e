import { Anchor } from '@mantine/core';
import { formatPhone, phoneHref } from './format-phone.ts';

/** A phone number as people read it, dialled in E.164 (issue 18: one phone format everywhere). */
export function PhoneLink({ value }: { value: string }) {
  const href = phoneHref(value);
  const text = formatPhone(value);
  return href ? <Anchor href={href}>{text}</Anchor> : <>{text}</>;
}
