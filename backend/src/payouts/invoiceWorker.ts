import { readlinkSync } from 'node:fs';
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { renderCreditNote, renderInvoice } from './invoice';
import type { DocumentToRender } from './invoiceRendering';

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

/** One document at a time, rendered off the server's main thread (invoiceRendering.ts runs this file in its workers). */
parentPort!.on('message', async ({ id, document }: { id: number; document: DocumentToRender }) => {
  try {
    const bytes = new Uint8Array(await (document.kind === 'invoice' ? renderInvoice(document.input) : renderCreditNote(document.input)));
    parentPort!.postMessage({ id, bytes }, [bytes.buffer]);
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
