import { readlinkSync } from 'node:fs';
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { renderInvoice, type InvoiceInput } from './invoice';

/** Invoices are background work: on Linux this thread (its own task id) yields the cores to requests and to the payout run. */
function lowerThisThreadsPriority(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId)) os.setPriority(threadId, os.constants.priority.PRIORITY_LOW);
  } catch {
    // Elsewhere than Linux, the thread keeps the process's priority.
  }
}
lowerThisThreadsPriority();

/** One invoice at a time, rendered off the server's main thread (invoiceRendering.ts runs this file in its workers). */
parentPort!.on('message', async ({ id, input }: { id: number; input: InvoiceInput }) => {
  try {
    const bytes = new Uint8Array(await renderInvoice(input));
    parentPort!.postMessage({ id, bytes }, [bytes.buffer]);
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
