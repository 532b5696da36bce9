import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  chatReplyRequestSchema,
  chatStatusQuerySchema,
  chatStatusResponseSchema,
  TRANSCRIBE_MAX_BYTES,
  transcribeQuerySchema,
  transcribeResponseSchema,
  type ChatStreamEvent,
} from '@shared/contracts/chat';
import { AppError } from '../../app-error';
import { discardUpload, readFile, receiveFile, uploadLimits, type ExpectedFile } from '../../uploads';
import type { SessionReader } from '../auth/service';
import type { ChatService } from './service';

const RATE_WINDOW_MS = 60_000;

/** The voice recording of POST /api/chat/transcribe. */
const RECORDING: ExpectedFile = { field: 'audio', requiredKey: 'validation.audioRequired', maxBytes: TRANSCRIBE_MAX_BYTES };

const sse = (event: ChatStreamEvent) => `data: ${JSON.stringify(event)}\n\n`;

/** Writes one chunk, waiting when the socket's buffer is full; false once the reader is gone. */
async function write(reply: FastifyReply, chunk: string): Promise<boolean> {
  const raw = reply.raw;
  if (raw.destroyed || raw.writableEnded) return false;
  if (!raw.write(chunk)) {
    await new Promise<void>((resolve) => {
      const done = () => {
        raw.off('drain', done);
        raw.off('close', done);
        resolve();
      };
      raw.on('drain', done);
      raw.on('close', done);
    });
  }
  return !raw.destroyed;
}

export function chatRoutes(deps: { session: SessionReader; chat: ChatService; rateLimitMax: number }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    // The signed-in person, checked in onRequest (before the body is validated) for the later steps.
    const userOf = (request: FastifyRequest) => deps.session.current(request);

    const perPersonLimit = app.rateLimit({
      max: deps.rateLimitMax,
      timeWindow: RATE_WINDOW_MS,
      keyGenerator: (request) => `chat-reply|${userOf(request).id}`,
    });

    api.get(
      '/api/chat/status',
      { schema: { querystring: chatStatusQuerySchema, response: { 200: chatStatusResponseSchema } } },
      async (request) => {
        const user = await deps.session.require(request);
        return deps.chat.status(user.id, request.query.language);
      },
    );

    // Order of refusals: signed out 401, bad body 400, no access 402, too many replies 429.
    api.post(
      '/api/chat/reply',
      {
        schema: { body: chatReplyRequestSchema },
        onRequest: deps.session.onRequest,
        preHandler: [
          async (request) => {
            await deps.chat.requireChatAccess(userOf(request).id);
          },
          perPersonLimit,
        ],
      },
      async (request, reply) => {
        const user = userOf(request);
        const upstream = new AbortController();
        // The reader went away before the end: stop the provider's call.
        reply.raw.on('close', () => {
          if (!reply.raw.writableFinished) upstream.abort();
        });

        const { safety, stream, standIn } = await deps.chat.startReply(user.id, request.body, { signal: upstream.signal, log: request.log });
        const disclosure = await deps.chat.disclosureNote(user.id, request.log);

        // From here on the answer is an event stream, written by hand: Fastify's onSend hooks do not run.
        reply.hijack();
        reply.raw.writeHead(200, {
          'Content-Type': 'text/event-stream; charset=utf-8',
          'Cache-Control': 'no-store',
          'X-Content-Type-Options': 'nosniff',
          // Reverse proxies (nginx) would otherwise buffer the whole reply.
          'X-Accel-Buffering': 'no',
        });
        try {
          // The help panel opens before the first word, so the person never reads a crisis reply without it.
          if (safety !== 'none') await write(reply, sse({ type: 'safety', level: safety }));
          if (standIn) await write(reply, sse({ type: 'standIn', reason: 'provider-failed' }));
          if (disclosure) await write(reply, sse({ type: 'disclosure', reason: disclosure }));
          for await (const text of stream) {
            if (!(await write(reply, sse({ type: 'delta', text })))) break;
          }
          if (!upstream.signal.aborted) await write(reply, sse({ type: 'done' }));
        } catch (error) {
          const code = error instanceof AppError ? error.code : 'CHAT_PROVIDER_FAILED';
          if (!(error instanceof AppError)) request.log.error({ errorName: error instanceof Error ? error.name : typeof error }, 'chat stream failed');
          await write(reply, sse({ type: 'error', code }));
        } finally {
          // A reader that went away gets its socket closed, not a polite end it will never read.
          if (upstream.signal.aborted) reply.raw.destroy();
          else if (!reply.raw.writableEnded) reply.raw.end();
        }
      },
    );

    // Voice: multipart/form-data only in this scope — any other body is answered 415 before the handler.
    await app.register(async (voice) => {
      voice.removeAllContentTypeParsers();
      await voice.register(multipart, { limits: uploadLimits(RECORDING.maxBytes), throwFileSizeLimit: false });
      const transcriptionLimit = voice.createRateLimit({
        max: deps.rateLimitMax,
        timeWindow: RATE_WINDOW_MS,
        keyGenerator: (request) => `chat-transcribe|${userOf(request).id}`,
      });

      // Order of refusals: signed out 401, bad language or no file 400, no access 402, no provider 503,
      // too large 413, not audio 415, too many 429 (refused uploads do not count), provider failure 502.
      voice.withTypeProvider<ZodTypeProvider>().post(
        '/api/chat/transcribe',
        {
          schema: { querystring: transcribeQuerySchema, response: { 200: transcribeResponseSchema } },
          onRequest: deps.session.onRequest,
        },
        async (request, reply) => {
          const user = await deps.session.require(request);
          const part = await receiveFile(request, RECORDING);
          try {
            await deps.chat.requireVoice(user.id);
            const audio = await readFile(request, part, RECORDING);
            const format = deps.chat.acceptRecording({ mimeType: part.mimetype, audio });
            const verdict = await transcriptionLimit(request);
            if (!verdict.isAllowed && verdict.isExceeded) {
              reply.header('retry-after', verdict.ttlInSeconds);
              throw new AppError('RATE_LIMITED', `Too many transcriptions; retry in ${verdict.ttlInSeconds} s.`);
            }
            const upstream = new AbortController();
            // The person went away: stop the provider's call.
            reply.raw.on('close', () => {
              if (!reply.raw.writableFinished) upstream.abort();
            });
            const text = await deps.chat.transcribe(
              { audio, format, language: request.query.language },
              { signal: upstream.signal, log: request.log },
            );
            return { text };
          } catch (error) {
            discardUpload(request, part);
            throw error;
          }
        },
      );
    });
  };
}
