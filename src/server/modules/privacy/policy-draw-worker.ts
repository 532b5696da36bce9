// The thread that draws privacy policies' Markdown as HTML, one text at a time, as policy-drawer.ts asks. The main
// thread times each drawing and ends the thread when one takes too long, which only a separate thread allows: the
// drawing itself never yields.
import { parentPort } from 'node:worker_threads';
import { drawPolicyHtml } from './policy-html';
import type { DrawJob, FromDrawWorker } from './policy-drawer';

const port = parentPort;
if (!port) throw new Error('the privacy policy drawer runs in a worker thread');
const send = (message: FromDrawWorker) => port.postMessage(message);

port.on('message', (job: DrawJob) => {
  try {
    send({ type: 'drawn', html: drawPolicyHtml(job) });
  } catch (error) {
    // Deep nesting can exhaust the stack: the text cannot be drawn, like one that takes too long.
    send({ type: 'failed', reason: error instanceof Error ? error.name : 'unknown' });
  }
});
// Its modules are loaded: a drawing's time counts from here.
send({ type: 'ready' });
