import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { CreditNoteInput, InvoiceInput } from './invoice';

/** A document the workers draw: a payout's invoice, or a failed payout's credit note. */
export type DocumentToRender = { kind: 'invoice'; input: InvoiceInput } | { kind: 'credit_note'; input: CreditNoteInput };
type Task = { id: number; document: DocumentToRender; resolve(pdf: Buffer): void; reject(error: Error): void };
type Reply = { id: number; bytes?: Uint8Array; error?: string };

/** Rendering is pure CPU: one worker per core but one, which the server's main thread keeps. */
export const INVOICE_WORKERS = Math.max(1, os.availableParallelism() - 1);
/** Workers left idle this long are stopped (each holds pdfmake and the fonts, some 60 MB). */
const IDLE_MS = 30_000;

// The workers run invoiceWorker.ts: TypeScript, loaded through tsx as the server itself is (its
// loader registered from inside the worker: Node 20 does not apply `--import` hooks to a worker's own file).
const tsxApi = pathToFileURL(path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
const workerFile = new URL('./invoiceWorker.ts', import.meta.url).href;
const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(workerFile)}); })`;

type Slot = { worker: Worker; task: Task | null; idleTimer?: NodeJS.Timeout };
const slots: Slot[] = [];
const queue: Task[] = [];
let nextId = 0;

function startWorker(): Slot {
  const slot: Slot = { worker: new Worker(bootstrap, { eval: true }), task: null };
  slot.worker.on('message', ({ id, bytes, error }: Reply) => {
    const task = slot.task;
    if (!task || task.id !== id) return;
    slot.task = null;
    if (error !== undefined) task.reject(new Error(`${task.document.kind === 'invoice' ? 'Invoice' : 'Credit note'} ${task.document.input.number} could not be rendered: ${error}`));
    else task.resolve(Buffer.from(bytes!.buffer, bytes!.byteOffset, bytes!.byteLength));
    dispatch();
  });
  // A worker that dies fails its invoice (the reactor's batch is retried) and is replaced on demand.
  const gone = (error: Error) => {
    slots.splice(slots.indexOf(slot), 1);
    clearTimeout(slot.idleTimer);
    slot.task?.reject(error);
    slot.task = null;
    dispatch();
  };
  slot.worker.on('error', gone);
  slot.worker.on('exit', (code) => slots.includes(slot) && gone(new Error(`The invoice renderer stopped (exit code ${code})`)));
  slots.push(slot);
  return slot;
}

function dispatch(): void {
  while (queue.length) {
    const slot = slots.find((s) => !s.task) ?? (slots.length < INVOICE_WORKERS ? startWorker() : null);
    if (!slot) return;
    clearTimeout(slot.idleTimer);
    slot.idleTimer = undefined;
    slot.worker.ref();
    const task = (slot.task = queue.shift()!);
    slot.worker.postMessage({ id: task.id, document: task.document });
  }
  for (const slot of slots) {
    if (slot.task || slot.idleTimer) continue;
    // Idle: the process may exit without waiting for it, and it is stopped if it stays idle.
    slot.worker.unref();
    slot.idleTimer = setTimeout(() => {
      slots.splice(slots.indexOf(slot), 1);
      void slot.worker.terminate();
    }, IDLE_MS).unref();
  }
}

/**
 * A document's PDF, rendered by renderInvoice or renderCreditNote in a worker thread: the same
 * code, fonts and bytes as in process, without holding up the server while a payout run's invoices
 * are drawn. Documents asked for together are rendered in parallel, one per worker.
 */
export function renderInWorker(document: DocumentToRender): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    queue.push({ id: nextId++, document, resolve, reject });
    dispatch();
  });
}

export const renderInvoiceInWorker = (input: InvoiceInput) => renderInWorker({ kind: 'invoice', input });
