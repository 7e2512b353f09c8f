import type { AddressInfo } from 'node:net';
import express from 'express';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiNotFound, createErrorHandler } from './errorHandler';
import { requestLogging } from './requestLogging';
import { AppError } from './errors';
import { parse } from './validate';

const logged: string[] = [];
let base: string;
let close: () => void;

beforeAll(async () => {
  const app = express();
  const log = pino({ level: 'error' }, { write: (line: string) => void logged.push(line) });
  app.use(requestLogging(log));
  app.use(express.json());
  app.get('/boom', () => {
    throw new Error('connection string postgres://secret@db leaked');
  });
  app.get('/rule', () => {
    throw new AppError(409, 'Email already exists');
  });
  app.post('/input', (req, res) => {
    res.json(parse(z.object({ code: z.string().regex(/^\d{6}$/, 'Le code doit contenir 6 chiffres') }), req.body));
  });
  app.post('/form', express.urlencoded({ extended: false, parameterLimit: 2 }), (req, res) => {
    res.json(req.body);
  });
  app.get('/item/:id', (req, res) => {
    res.json({ id: req.params.id });
  });
  app.use(apiNotFound);
  app.use(createErrorHandler(log));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe('the error handler', () => {
  it('answers an unexpected error with 500 "Server error", no internals, and logs it with the request id', async () => {
    const response = await fetch(`${base}/boom`);
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(JSON.parse(body)).toEqual({ message: 'Server error' });
    expect(body).not.toContain('secret');
    const entry = JSON.parse(logged.find((line) => line.includes('leaked'))!);
    expect(entry.reqId).toBe(response.headers.get('x-request-id'));
  });

  it('answers a business rule with its status and message', async () => {
    const response = await fetch(`${base}/rule`);
    expect([response.status, await response.json()]).toEqual([409, { message: 'Email already exists' }]);
  });

  it('answers invalid input with 400, the first message and every failing field', async () => {
    const response = await fetch(`${base}/input`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"code":"12a"}' });
    expect([response.status, await response.json()]).toEqual([
      400,
      { message: 'Le code doit contenir 6 chiffres', errors: [{ field: 'code', msg: 'Le code doit contenir 6 chiffres' }] },
    ]);
  });

  it('answers malformed JSON with 400 and unknown paths with a JSON 404', async () => {
    const malformed = await fetch(`${base}/input`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    const unknown = await fetch(`${base}/nowhere`);
    expect([malformed.status, await malformed.json()]).toEqual([400, { message: 'Corps de requête illisible : JSON invalide', code: 'malformed_body' }]);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Not found: GET /nowhere' });
  });

  it('answers a JSON body over the limit with 413 and a French message giving the limit, not body-parser\'s English', async () => {
    const body = JSON.stringify({ code: 'x'.repeat(101 * 1024) });
    const response = await fetch(`${base}/input`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect([response.status, await response.json()]).toEqual([413, { message: 'Requête trop volumineuse (100 ko au maximum)' }]);
  });

  it("answers body-parser's other refusals and Express's own 4xx in French, never echoing the request", async () => {
    const post = (path: string, headers: Record<string, string>, body: string) => fetch(`${base}${path}`, { method: 'POST', headers, body });
    const answers = await Promise.all([
      post('/input', { 'content-type': 'application/json; charset=latin9' }, '{"code":"123456"}'),
      post('/input', { 'content-type': 'application/json', 'content-encoding': 'compress' }, '{"code":"123456"}'),
      post('/form', { 'content-type': 'application/x-www-form-urlencoded' }, 'a=1&b=2&c=3'),
      fetch(`${base}/item/%E0%A4%A`),
    ]);
    expect(await Promise.all(answers.map(async (answer) => [answer.status, await answer.json()]))).toEqual([
      [415, { message: 'Jeu de caractères non pris en charge : envoyez la requête en UTF-8' }],
      [415, { message: 'Encodage de la requête non pris en charge' }],
      [413, { message: 'Requête trop volumineuse : trop de paramètres' }],
      [400, { message: 'Requête invalide' }],
    ]);
  });
});
