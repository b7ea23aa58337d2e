import type { FastifyReply } from 'fastify';

/**
 * Sends an answer that is already JSON text (the slot-search cache, decision 0070). Fastify passes a
 * string with a JSON content type through untouched, so the text is not serialised a second time;
 * error answers still go through the error handler and every onSend hook (compression, headers) runs.
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
