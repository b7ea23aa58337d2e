import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messageBodySchema } from './messaging.ts';
import { CONTROL_CHARACTERS_MESSAGE } from './errors.ts';
import { hasTextHygiene, multiLineText, singleLineText, singleLineUrl } from './text.ts';

// Decision 0059: the two text builders every request string goes through.

const refusal = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => issue.message);

describe('singleLineText', () => {
  const schema = singleLineText().max(50);

  it('keeps ordinary text, accents, emoji and other scripts', () => {
    for (const value of ['Jane Doe', 'José Núñez', 'Zoë 👩🏽‍⚕️', '王小明', 'a\u00a0b']) {
      expect(schema.safeParse(value).success).toBe(true);
    }
  });

  it('refuses NUL, every other C0 control character (line breaks and tab included) and DEL', () => {
    for (let code = 0; code < 0x20; code += 1) {
      expect(refusal(schema, `a${String.fromCharCode(code)}b`)).toEqual([CONTROL_CHARACTERS_MESSAGE]);
    }
    expect(refusal(schema, 'a\u007fb')).toEqual([CONTROL_CHARACTERS_MESSAGE]);
  });

  it('refuses a lone surrogate and keeps a pair', () => {
    expect(refusal(schema, 'a\ud800b')).toEqual([CONTROL_CHARACTERS_MESSAGE]);
    expect(refusal(schema, 'a\udc00')).toEqual([CONTROL_CHARACTERS_MESSAGE]);
    expect(schema.safeParse('\ud83d\ude00').success).toBe(true);
  });

  it('keeps its own messages for other rules', () => {
    expect(refusal(singleLineText('Required').min(2, 'Too short'), 'a')).toEqual(['Too short']);
    expect(refusal(singleLineText('Required'), 42)).toEqual(['Required']);
  });
});

describe('multiLineText', () => {
  const schema = multiLineText();

  it('keeps tab, line feed and carriage return', () => {
    expect(schema.safeParse('Dear Jane,\r\n\tsee you soon.\n').success).toBe(true);
  });

  it('refuses the other control characters and lone surrogates', () => {
    for (const value of ['a\u0000b', 'a\u000bb', 'a\u000cb', 'a\u001bb', 'a\u007fb', 'a\udfffb']) {
      expect(refusal(schema, value)).toEqual([CONTROL_CHARACTERS_MESSAGE]);
    }
  });

  it('is what message bodies use', () => {
    expect(messageBodySchema.safeParse('one\ntwo').success).toBe(true);
    expect(refusal(messageBodySchema, 'one\u0000two')).toEqual([CONTROL_CHARACTERS_MESSAGE]);
  });
});

describe('singleLineUrl', () => {
  it('refuses a control character the URL parser would let through', () => {
    expect(singleLineUrl().safeParse('https://push.example/a').success).toBe(true);
    expect(refusal(singleLineUrl(), 'https://push.example/a\u0000b')).toContain(CONTROL_CHARACTERS_MESSAGE);
  });
});

describe('hasTextHygiene', () => {
  it('tells the builders from a bare string, through later rules', () => {
    expect(hasTextHygiene(singleLineText().trim().min(1).max(5))).toBe(true);
    expect(hasTextHygiene(multiLineText().max(5))).toBe(true);
    expect(hasTextHygiene(z.string().max(5))).toBe(false);
    expect(hasTextHygiene(z.string().refine(() => true))).toBe(false);
  });
});
