import { parentPort } from 'node:worker_threads';
import { renderInvoice, type InvoiceInput } from './invoice';

/** One invoice at a time, rendered off the server's main thread (invoiceRendering.ts runs this file in its workers). */
parentPort!.on('message', async ({ id, input }: { id: number; input: InvoiceInput }) => {
  try {
    const bytes = new Uint8Array(await renderInvoice(input));
    parentPort!.postMessage({ id, bytes }, [bytes.buffer]);
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
