import type { ResponseParser } from './api-client.ts';

/**
 * Reads a JSON answer of our own API as its contract type, without parsing it again with the
 * contract's zod schema (decision 0074). The server parses every answer through the same schema
 * before sending it (fastify-type-provider-zod's serializer, conventions §2), so a second parse in
 * the browser proves nothing new, and it costs the pages people open first the schema library
 * (about 25 kB gzipped) and a request per contract. Only what no schema could be: an answer that is
 * not a JSON object or array (an HTML error page of a proxy, an empty body) is refused, as a schema
 * would refuse it.
 *
 * For the answers of the patient home and the signed-in shell. Answers a screen turns into
 * something (dates, transforms) and what a person typed keep their schemas.
 */
export function serverCheckedAnswer<T>(): ResponseParser<T> {
  return {
    safeParse: (body) =>
      typeof body === 'object' && body !== null ? { success: true, data: body as T } : { success: false },
  };
}
