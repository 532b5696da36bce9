import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StandInBehaviour =
  /** Streams the reply in chunks, then `data: [DONE]`. */
  | 'stream'
  /** Streams two chunks, then destroys the socket. */
  | 'break'
  /** Accepts the request and never answers. */
  | 'hang'
  /** Streams one chunk, then stays silent with the connection open. */
  | 'trickle'
  /** Answers 500 with an OpenAI-style error body. */
  | 'error';

export interface ReceivedCompletion {
  path: string;
  authorization: string | undefined;
  body: { model: string; stream: boolean; messages: { role: string; content: string }[] };
}

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const chunkEvent = (content: string) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-stand-in', object: 'chat.completion.chunk', created: 0, model: 'stand-in', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;

/**
 * A local server speaking the chat-completions streaming protocol, so the real `openai` SDK is
 * exercised end to end (the SDK itself is never mocked).
 */
export async function startOpenAiStandIn(options: { chunks?: string[] } = {}) {
  const chunks = options.chunks ?? ['Hello ', 'from ', 'the ', 'stand-in ', 'model.'];
  const received: ReceivedCompletion[] = [];
  let behaviour: StandInBehaviour = 'stream';
  /** Streams whose client (the app) hung up before the end. */
  let abandoned = 0;

  const server = createServer((request, response) => {
    void (async () => {
      const raw = await readBody(request);
      received.push({
        path: request.url ?? '',
        authorization: request.headers.authorization,
        body: JSON.parse(raw) as ReceivedCompletion['body'],
      });
      switch (behaviour) {
        case 'hang':
          return;
        case 'trickle':
          response.on('close', () => {
            if (!response.writableFinished) abandoned++;
          });
          response.writeHead(200, { 'content-type': 'text/event-stream' });
          response.write(chunkEvent(chunks[0] ?? 'Hello'));
          return;
        case 'error':
          response.writeHead(500, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ error: { message: 'The stand-in failed on purpose.', type: 'server_error' } }));
          return;
        case 'stream':
        case 'break': {
          response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
          // A first chunk with only the role, as OpenAI sends it.
          response.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { role: 'assistant', content: '' } }] })}\n\n`);
          const count = behaviour === 'break' ? 2 : chunks.length;
          for (const content of chunks.slice(0, count)) {
            response.write(chunkEvent(content));
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
          if (behaviour === 'break') {
            await new Promise((resolve) => setTimeout(resolve, 20));
            response.socket?.destroy();
            return;
          }
          response.write('data: [DONE]\n\n');
          response.end();
          return;
        }
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    received,
    reply: chunks.join(''),
    abandoned: () => abandoned,
    behave(next: StandInBehaviour) {
      behaviour = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type OpenAiStandIn = Awaited<ReturnType<typeof startOpenAiStandIn>>;
