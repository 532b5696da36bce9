/**
 * A local server speaking the OpenAI wire protocol, so that the real `openai` SDK is exercised end to
 * end (the SDK itself is never mocked). It answers:
 * - `POST <baseUrl>/chat/completions` — streamed chat replies (Server-Sent Events) when `stream` is true;
 *   otherwise one JSON completion: the memory's texts as JSON when `response_format` is asked, the image
 *   prompt as plain text when not;
 * - `POST <baseUrl>/audio/transcriptions` — multipart uploads, answered `{ "text": … }`;
 * - `POST <baseUrl>/images/generations` — an image inline (`b64_json`) or as an address it serves itself;
 * - `GET <baseUrl>/models` — its model list (`options.models`), as the AI tab reads it.
 *
 * Usage, from an integration test or a browser test that starts the server process itself:
 *
 *   const standIn = await startOpenAiStandIn({ transcript: 'Hello from the microphone.' });
 *   // AI_BASE_URL=standIn.baseUrl (chat) and/or AI_TRANSCRIBE_BASE_URL=standIn.baseUrl + AI_TRANSCRIBE_MODEL=…
 *   standIn.behaveTranscription('error');      // 'ok' (default) | 'empty' | 'error' | 'hang' | 'break'
 *   standIn.transcriptions.at(-1);             // { model, language, file: { name, type, size, sha256 }, … }
 *   standIn.behaveText('malformed');           // 'json' (default) | 'malformed' | 'invalid' | 'error' | 'hang' | 'break'
 *   standIn.behaveJudgement('crisis');         // the safety judgement: 'none' (default) | 'concern' | 'crisis' | 'error' | 'hang'
 *   standIn.behaveImages('policy');            // 'b64' (default) | 'url' | 'url-not-image' | 'url-hang' | 'url-break'
 *                                              //   | 'url-elsewhere' | 'url-redirect-elsewhere'
 *                                              //   | 'policy' | 'size' | 'error' | 'hang' | 'break'
 *   standIn.images.at(-1);                     // { model, prompt, size, quality, n, response_format }
 *   await standIn.close();
 *
 * It listens on 127.0.0.1 on a free port unless `port` is given. It keeps what it received in memory only.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

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

export type TranscriptionBehaviour =
  /** Answers 200 `{ "text": <transcript> }`. */
  | 'ok'
  /** Answers 200 `{ "text": "  " }`: nothing was heard. */
  | 'empty'
  /** Answers 500 with an OpenAI-style error body (which quotes the transcript, to prove it is never logged). */
  | 'error'
  /** Accepts the upload and never answers. */
  | 'hang'
  /** Starts a 200 JSON answer, then destroys the socket mid-body. */
  | 'break';

/** How the non-streamed completions (the memory's texts and image prompt) answer. */
export type TextBehaviour =
  /** The memory's texts as JSON (structured output), or the image prompt as text. */
  | 'json'
  /** Text that is not JSON where JSON was asked (the image prompt still answers normally). */
  | 'malformed'
  /** JSON without the reflection where JSON was asked. */
  | 'invalid'
  /** Answers 500 with an error body quoting the conversation (to prove it is never logged). */
  | 'error'
  /** Accepts the request and never answers. */
  | 'hang'
  /** Starts a 200 JSON answer, then destroys the socket mid-body. */
  | 'break';

export type ImageBehaviour =
  /** Answers the image inline, `b64_json`. */
  | 'b64'
  /** Answers an address on this server, which serves the image. */
  | 'url'
  /** Answers an address that serves an HTML page, not an image. */
  | 'url-not-image'
  /** Answers an address that never answers the download. */
  | 'url-hang'
  /** Answers an address whose download stops halfway (the socket is destroyed). */
  | 'url-break'
  /** Answers the image's address under the name `localhost` (this server still, but not the host the app was given). */
  | 'url-elsewhere'
  /** Answers an address on this server that redirects to the image under the name `localhost`. */
  | 'url-redirect-elsewhere'
  /** Answers 400 `content_policy_violation`, as OpenAI's safety system does (quoting the prompt). */
  | 'policy'
  /** Answers 400 `invalid_value` for the `size` parameter. */
  | 'size'
  /** Answers 500. */
  | 'error'
  /** Accepts the request and never answers. */
  | 'hang'
  /** Starts a 200 JSON answer, then destroys the socket mid-body. */
  | 'break';

export interface ReceivedCompletion {
  path: string;
  authorization: string | undefined;
  body: {
    model: string;
    stream?: boolean;
    messages: { role: string; content: string }[];
    response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: unknown } };
  };
}

/** How the safety judgement (structured output named `safety_assessment`) answers. */
export type JudgementBehaviour = 'none' | 'concern' | 'crisis' | 'error' | 'hang';

export interface ReceivedImageRequest {
  path: string;
  authorization: string | undefined;
  body: { model: string; prompt: string; n?: number; size?: string; quality?: string; response_format?: string };
}

export interface MemoryTextsAnswer {
  title: string;
  keyComment: string;
  poeticSummary: string;
}

export interface ReceivedTranscription {
  path: string;
  authorization: string | undefined;
  /** The multipart fields the SDK sent. */
  model: string | null;
  language: string | null;
  file: { name: string; type: string; size: number; sha256: string } | null;
}

export interface OpenAiStandInOptions {
  /** The pieces of every streamed chat reply. */
  chunks?: string[];
  /** What every transcription answers (changeable with `setTranscript`). */
  transcript?: string;
  /** Port to listen on (0, the default: any free port). */
  port?: number;
  /** What structured (JSON) completions answer. */
  memory?: MemoryTextsAnswer;
  /** What plain non-streamed completions answer: the image prompt. */
  imagePrompt?: string;
  /** The ids `GET /models` lists. */
  models?: string[];
  /** When set, every request must carry `Authorization: Bearer <requiredKey>`, or gets 401. */
  requiredKey?: string;
}

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const chunkEvent = (content: string) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-stand-in', object: 'chat.completion.chunk', created: 0, model: 'stand-in', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

/** A 200 JSON answer that announces more than it sends, then loses its connection: a body broken mid-way. */
const breakMidBody = (response: ServerResponse) => {
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': '4096' });
  response.write('{"id":"stand-in","object":"partial","data":[{"');
  setTimeout(() => response.socket?.destroy(), 20);
};

const completion = (content: string) => ({
  id: 'chatcmpl-stand-in',
  object: 'chat.completion',
  created: 0,
  model: 'stand-in',
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
});

/** Reads a multipart/form-data body with the platform's own parser (undici's Request.formData). */
async function readForm(request: IncomingMessage, raw: Buffer): Promise<FormData> {
  return new Request('http://stand-in.local/', {
    method: 'POST',
    headers: { 'content-type': request.headers['content-type'] ?? '' },
    body: new Uint8Array(raw),
  }).formData();
}

/** Where each address-answering behaviour points its download. */
const GENERATED_FILES = {
  url: 'image.png',
  'url-not-image': 'page.html',
  'url-hang': 'never.png',
  'url-break': 'half.png',
  'url-redirect-elsewhere': 'elsewhere.png',
} as const;

export async function startOpenAiStandIn(options: OpenAiStandInOptions = {}) {
  const chunks = options.chunks ?? ['Hello ', 'from ', 'the ', 'stand-in ', 'model.'];
  const received: ReceivedCompletion[] = [];
  const transcriptions: ReceivedTranscription[] = [];
  let behaviour: StandInBehaviour = 'stream';
  let transcriptionBehaviour: TranscriptionBehaviour = 'ok';
  let transcript = options.transcript ?? 'Today I walked by the river.';
  const images: ReceivedImageRequest[] = [];
  let textBehaviour: TextBehaviour = 'json';
  let judgementBehaviour: JudgementBehaviour = 'none';
  let imageBehaviour: ImageBehaviour = 'b64';
  const memory: MemoryTextsAnswer = options.memory ?? {
    title: 'Evening by the river',
    keyComment: 'The water was calm.',
    poeticSummary: 'You carried the river home with you. Its slow light stays, gentle and patient.',
  };
  const imagePrompt = options.imagePrompt ?? 'A wide river at dusk, soft gold light on slow water, willows, painterly, calm.';
  /** The image every generation answers: a small PNG, unlike any offline artwork. */
  const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a6ea5' } }).png().toBuffer();
  let origin = '';
  /** Streams whose client (the app) hung up before the end. */
  let abandoned = 0;

  async function completions(request: IncomingMessage, response: ServerResponse, raw: Buffer) {
    const body = JSON.parse(raw.toString('utf8')) as ReceivedCompletion['body'];
    received.push({ path: request.url ?? '', authorization: request.headers.authorization, body });
    if (body.stream !== true) return textCompletion(response, body);
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
        json(response, 500, { error: { message: 'The stand-in failed on purpose.', type: 'server_error' } });
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
  }

  /** The memory's texts (structured JSON) or its image prompt (plain text), in one answer. */
  function textCompletion(response: ServerResponse, body: ReceivedCompletion['body']) {
    if (body.response_format?.json_schema?.name === 'safety_assessment') return judgement(response);
    const structured = body.response_format !== undefined;
    switch (textBehaviour) {
      case 'hang':
        return;
      case 'break':
        breakMidBody(response);
        return;
      case 'error':
        json(response, 500, {
          error: { message: `The stand-in failed on purpose after reading: ${body.messages.at(-1)?.content ?? ''}`, type: 'server_error' },
        });
        return;
      case 'malformed':
        json(response, 200, completion(structured ? `Here is your memory: title=${memory.title}` : imagePrompt));
        return;
      case 'invalid':
        json(response, 200, completion(structured ? JSON.stringify({ title: memory.title, keyComment: '' }) : imagePrompt));
        return;
      case 'json':
        json(response, 200, completion(structured ? JSON.stringify(memory) : imagePrompt));
        return;
    }
  }

  /** The model's judgement of the risk in a conversation, as the safety layer asks for it. */
  function judgement(response: ServerResponse) {
    switch (judgementBehaviour) {
      case 'hang':
        return;
      case 'error':
        json(response, 500, { error: { message: 'The stand-in failed to judge on purpose.', type: 'server_error' } });
        return;
      case 'none':
      case 'concern':
      case 'crisis':
        json(response, 200, completion(JSON.stringify({ level: judgementBehaviour })));
        return;
    }
  }

  function imageGeneration(request: IncomingMessage, response: ServerResponse, raw: Buffer) {
    const body = JSON.parse(raw.toString('utf8')) as ReceivedImageRequest['body'];
    images.push({ path: request.url ?? '', authorization: request.headers.authorization, body });
    switch (imageBehaviour) {
      case 'hang':
        return;
      case 'break':
        breakMidBody(response);
        return;
      case 'policy':
        json(response, 400, {
          error: {
            message: `Your request was rejected as a result of our safety system. Prompt: ${body.prompt}`,
            type: 'invalid_request_error',
            param: null,
            code: 'content_policy_violation',
          },
        });
        return;
      case 'size':
        json(response, 400, {
          error: {
            message: `Invalid value: '${body.size ?? ''}'. Supported values are: '1024x1024', '1024x1536' and '1536x1024'.`,
            type: 'invalid_request_error',
            param: 'size',
            code: 'invalid_value',
          },
        });
        return;
      case 'error':
        json(response, 500, { error: { message: `The stand-in failed on purpose drawing: ${body.prompt}`, type: 'server_error' } });
        return;
      case 'url':
      case 'url-not-image':
      case 'url-hang':
      case 'url-break':
      case 'url-redirect-elsewhere':
        json(response, 200, {
          created: 0,
          data: [{ url: `${origin}/generated/${GENERATED_FILES[imageBehaviour]}?sig=${randomUUID()}`, revised_prompt: body.prompt }],
        });
        return;
      case 'url-elsewhere':
        json(response, 200, { created: 0, data: [{ url: `${origin.replace('127.0.0.1', 'localhost')}/generated/image.png`, revised_prompt: body.prompt }] });
        return;
      case 'b64':
        json(response, 200, { created: 0, data: [{ b64_json: image.toString('base64'), revised_prompt: body.prompt }] });
        return;
    }
  }

  /** The temporary addresses of `url` answers: the image, a page that claims to be one, silence, or half the image. */
  function generatedFile(path: string, response: ServerResponse) {
    if (path === '/generated/image.png') {
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': image.length });
      response.end(image);
    } else if (path === '/generated/never.png') {
      return;
    } else if (path === '/generated/elsewhere.png') {
      response.writeHead(302, { location: `${origin.replace('127.0.0.1', 'localhost')}/generated/image.png` });
      response.end();
    } else if (path === '/generated/half.png') {
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': image.length });
      response.write(image.subarray(0, Math.floor(image.length / 2)));
      setTimeout(() => response.socket?.destroy(), 20);
    } else {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end('<!doctype html><title>Not an image</title>');
    }
  }

  async function transcription(request: IncomingMessage, response: ServerResponse, raw: Buffer) {
    const form = await readForm(request, raw);
    const file = form.get('file');
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : null;
    };
    transcriptions.push({
      path: request.url ?? '',
      authorization: request.headers.authorization,
      model: text('model'),
      language: text('language'),
      file:
        file instanceof Blob
          ? {
              name: file instanceof File ? file.name : '',
              type: file.type,
              size: file.size,
              sha256: createHash('sha256').update(Buffer.from(await file.arrayBuffer())).digest('hex'),
            }
          : null,
    });
    switch (transcriptionBehaviour) {
      case 'hang':
        return;
      case 'break':
        breakMidBody(response);
        return;
      case 'error':
        json(response, 500, { error: { message: `The stand-in failed on purpose after hearing: ${transcript}`, type: 'server_error' } });
        return;
      case 'empty':
        json(response, 200, { text: '  ' });
        return;
      case 'ok':
        json(response, 200, { text: transcript });
        return;
    }
  }

  const models = options.models ?? ['stand-in-model', 'stand-in-whisper', 'gpt-image-1'];
  /** Every model-list request, in order (the AI tab's). */
  const modelRequests: { path: string; authorization: string | undefined }[] = [];

  const server = createServer((request, response) => {
    void (async () => {
      const raw = await readBody(request);
      const path = (request.url ?? '').split('?')[0] ?? '';
      if (options.requiredKey && request.headers.authorization !== `Bearer ${options.requiredKey}` && !path.startsWith('/generated/')) {
        json(response, 401, { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' } });
        return;
      }
      if (request.method === 'GET' && path.endsWith('/models')) {
        modelRequests.push({ path, authorization: request.headers.authorization });
        json(response, 200, { object: 'list', data: models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'stand-in' })) });
        return;
      }
      if (request.method === 'POST' && path.endsWith('/chat/completions')) return completions(request, response, raw);
      if (request.method === 'POST' && path.endsWith('/audio/transcriptions')) return transcription(request, response, raw);
      if (request.method === 'POST' && path.endsWith('/images/generations')) return imageGeneration(request, response, raw);
      if (request.method === 'GET' && path.startsWith('/generated/')) return generatedFile(path, response);
      json(response, 404, { error: { message: `The stand-in does not serve ${request.method} ${path}.`, type: 'invalid_request_error' } });
    })().catch((error: unknown) => {
      if (!response.headersSent) json(response, 400, { error: { message: String(error), type: 'invalid_request_error' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;

  return {
    /** The SDK's baseURL: http://127.0.0.1:<port>/v1 */
    baseUrl: `http://127.0.0.1:${port}/v1`,
    /** Every chat-completions request, in order. */
    received,
    /** The streamed chat-reply requests alone, in order. */
    chats: () => received.filter((r) => r.body.stream === true),
    /** The safety judgement requests alone, in order. */
    judgements: () => received.filter((r) => r.body.response_format?.json_schema?.name === 'safety_assessment'),
    /** Every transcription request, in order. */
    transcriptions,
    /** Every image-generation request, in order. */
    images,
    /** Every model-list request, in order. */
    modelRequests,
    /** The PNG every image generation answers. */
    image,
    /** What structured completions answer, and the image prompt plain ones answer. */
    memory,
    imagePrompt,
    /** The whole streamed chat reply. */
    reply: chunks.join(''),
    /** The transcript transcriptions currently answer. */
    transcript: () => transcript,
    abandoned: () => abandoned,
    /** How chat completions answer from now on. */
    behave(next: StandInBehaviour) {
      behaviour = next;
    },
    /** How non-streamed completions (memory texts, image prompt) answer from now on. */
    behaveText(next: TextBehaviour) {
      textBehaviour = next;
    },
    /** How safety judgements answer from now on. */
    behaveJudgement(next: JudgementBehaviour) {
      judgementBehaviour = next;
    },
    /** How image generations answer from now on. */
    behaveImages(next: ImageBehaviour) {
      imageBehaviour = next;
    },
    /** How transcriptions answer from now on. */
    behaveTranscription(next: TranscriptionBehaviour) {
      transcriptionBehaviour = next;
    },
    setTranscript(text: string) {
      transcript = text;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type OpenAiStandIn = Awaited<ReturnType<typeof startOpenAiStandIn>>;
