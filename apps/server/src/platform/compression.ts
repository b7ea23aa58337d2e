import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this, headers cost more than compression saves (the web build uses the same bound). */
export const MIN_COMPRESSED_BYTES = 1024;

/**
 * Answers above 1 KiB travel compressed when the browser accepts it (issue 20 item 1, decision 0068):
 * the API's lists and the screens' pages. The build's precompressed files keep their own encoding
 * (@fastify/compress leaves an answer that already has one). Request bodies are not inflated: no
 * client of ours sends compressed bodies, and inflating would sidestep the body limit.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    threshold: MIN_COMPRESSED_BYTES,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
}
