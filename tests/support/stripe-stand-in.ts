/**
 * A local server speaking enough of Stripe's REST API for the billing provider, so that the real `stripe`
 * SDK is exercised through its real HTTP path (the SDK's host/port/protocol options; it is never mocked):
 * - `POST /v1/checkout/sessions` → a session with a hosted address;
 * - `POST /v1/billing_portal/sessions` → a portal session with an address;
 * - `DELETE /v1/subscriptions/<id>` → the subscription, canceled.
 * Form-encoded bodies are recorded as flat key → value pairs (`line_items[0][price]`, …).
 *
 *   const stripe = await startStripeStandIn();   // STRIPE_API_URL=stripe.baseUrl
 *   stripe.behave('error');                      // 'ok' (default) | 'error' (500 api_error) | 'hang' (never answers)
 *                                                // | 'break' (a 200 whose body stops halfway)
 *   stripe.requests.at(-1);                      // { method, path, body, authorization }
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StripeRequest {
  method: string;
  path: string;
  body: Record<string, string>;
  authorization: string | undefined;
}

async function readBody(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

export type StripeBehaviour = 'ok' | 'error' | 'hang' | 'break';

export async function startStripeStandIn() {
  const requests: StripeRequest[] = [];
  let behaviour: StripeBehaviour = 'ok';
  const server = createServer((request, response) => {
    void (async () => {
      const path = (request.url ?? '/').split('?')[0]!;
      const body = await readBody(request);
      requests.push({ method: request.method ?? 'GET', path, body, authorization: request.headers.authorization });
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
        response.end(JSON.stringify(payload));
      };
      if (behaviour === 'error') return send(500, { error: { type: 'api_error', message: 'Stand-in failure on purpose.' } });
      if (behaviour === 'hang') return;
      if (behaviour === 'break') {
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': '2048' });
        response.write('{"id":"cs_test_partial","object":"checkout.session","url":"https://chec');
        setTimeout(() => response.socket?.destroy(), 20);
        return;
      }
      if (request.method === 'POST' && path === '/v1/checkout/sessions') {
        const id = `cs_test_${randomBytes(8).toString('hex')}`;
        return send(200, { id, object: 'checkout.session', mode: 'subscription', url: `https://checkout.stripe.test/c/pay/${id}` });
      }
      if (request.method === 'POST' && path === '/v1/billing_portal/sessions') {
        const id = `bps_${randomBytes(8).toString('hex')}`;
        return send(200, { id, object: 'billing_portal.session', customer: body.customer, url: `https://billing.stripe.test/p/session/${id}` });
      }
      const cancel = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
      if (request.method === 'DELETE' && cancel) return send(200, { id: cancel[1], object: 'subscription', status: 'canceled' });
      return send(404, { error: { type: 'invalid_request_error', message: `No such route ${request.method} ${path}` } });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    behave(next: StripeBehaviour) {
      behaviour = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        // Requests left hanging on purpose would otherwise keep the server open.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
