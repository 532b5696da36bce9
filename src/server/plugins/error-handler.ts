import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '@shared/errors';
import { AppError } from '../app-error';

// Fastify's own 4xx errors, mapped to our codes so every answer has the same shape.
const FASTIFY_CODES: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

const body = (code: string, message: string, fields?: Record<string, string[]>): ErrorBody => ({
  error: { code, message, ...(fields ? { fields } : {}) },
});

/**
 * Fastify's `frameworkErrors`: a URL that cannot be decoded (`/files/%zz`) is refused by the router
 * before any handler; it gets the same coded body as every other refusal.
 */
export function frameworkErrorReply(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.log.info({ err: { code: error.code } }, 'client error');
  void reply.status(400).send(body('BAD_REQUEST', 'The address of the request is not valid.'));
}

/** One error handler: coded errors pass through, validation errors list their fields, 5xx hide their internals. */
export const errorHandlerPlugin = fp((app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(body(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        (fields[key] ??= []).push(issue.message ?? 'validation.invalid');
      }
      return reply.status(400).send(body('VALIDATION_FAILED', 'The request is not valid.', fields));
    }
    const status = error.statusCode ?? 500;
    const code = FASTIFY_CODES[status];
    if (status < 500 && code) {
      request.log.info({ err: { code: error.code, message: error.message } }, 'client error');
      return reply.status(status).send(body(code, error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL', 'Something went wrong on our side.'));
  });
});
