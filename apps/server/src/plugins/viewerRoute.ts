import type { Action } from '@shiftline/shared';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { UserRow } from '../db/schema.js';
import { signedIn } from './access.js';

/** The part of the request a route's input is read from, by its schema's name. */
const requestPart = { body: 'body', querystring: 'query', params: 'params' } as const;

/**
 * Declares a route that answers the signed-in viewer: its permission, its OpenAPI text, at most one
 * input schema (body, query string or path parameters) and, for a body or query string about one row, the path
 * parameters naming it; and the answer the viewer, that input and the parameters give.
 */
export function viewerRoute<Input extends z.ZodType, Response extends z.ZodType, Params extends z.ZodType = z.ZodNever>(
  app: Pick<FastifyInstance, 'route'>,
  route: {
    method: 'GET' | 'POST';
    url: string;
    action: Action;
    tags: readonly string[];
    summary: string;
    input?: { in: keyof typeof requestPart; schema: Input };
    /** Path parameters besides a body or query string input. */
    params?: Params;
    response: Response;
    /** The success status, 200 unless given. */
    status?: 200 | 201;
    answer: (viewer: UserRow, input: z.output<Input>, params: z.output<Params>) => Promise<z.input<Response>>;
  },
) {
  const status = route.status ?? 200;
  const input = route.input;
  app.route({
    method: route.method,
    url: route.url,
    config: { action: route.action },
    // Input and answer were checked against these schemas at the call; here they only need to be schemas.
    schema: {
      tags: route.tags,
      summary: route.summary,
      ...(input ? { [input.in]: input.schema as z.ZodType } : {}),
      ...(route.params ? { params: route.params as z.ZodType } : {}),
      response: { [status]: route.response as z.ZodType },
    },
    handler: async (request, reply) => {
      const value = input ? (request[requestPart[input.in]] as z.output<Input>) : (undefined as z.output<Input>);
      const answer = await route.answer(signedIn(request).user, value, request.params as z.output<Params>);
      return status === 200 ? answer : reply.status(status).send(answer);
    },
  });
}
