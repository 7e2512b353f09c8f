import { randomUUID } from 'node:crypto';
import type { ContactMessageStats, ContactMessageView } from '@affilux/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiHarness, type ApiHarness } from '../../../test/apiHarness';
import { expectBackOfficeOnly, outsiders, type Outsiders } from '../../../test/authorizationMatrix';
import { rebuildReadModels } from '../processing/rebuild';
import { contactMessagesProjection } from './contactMessages/projection';
import { contactMessageStream } from './events';

let h: ApiHarness;
let admin: string;
/** The server's clock: moved by the tests to put messages on given days. */
let now = new Date('2026-11-16T10:00:00Z');
beforeAll(async () => {
  h = await startApiHarness({ clock: () => now });
  admin = await h.login(h.admin.email, h.admin.password);
});
afterAll(() => h?.stop());

/** Sends a message from the public form, a second after the previous one (the list is newest first). */
async function submit(fields: Partial<Record<'name' | 'email' | 'subject' | 'message', string>> = {}): Promise<string> {
  now = new Date(now.getTime() + 1000);
  const { status, body } = await h.call<{ id: string }>('POST', '/contact/submit', {
    body: { name: 'Léa Martin', email: 'lea@example.test', subject: 'Question sur les offres', message: 'Bonjour, quelles offres sont privées ?', ...fields },
  });
  expect(status).toBe(201);
  return body.id;
}

const messages = async (query = '') => (await h.call<ContactMessageView[]>('GET', `/admin/messages${query}`, { token: admin })).body;
const stats = async () => (await h.call<ContactMessageStats>('GET', '/admin/messages/stats/overview', { token: admin })).body;
const setStatus = (id: string, status: unknown) => h.call('PUT', `/admin/messages/${id}/status`, { token: admin, body: { status } });

describe('contact messages in the back office', () => {
  it('arrive new, newest first, with what the visitor wrote', async () => {
    const first = await submit({ subject: 'Premier message' });
    now = new Date(now.getTime() + 60_000);
    const second = await submit({ subject: 'Second message', name: 'Hugo' });
    const listed = await messages();
    expect(listed.slice(0, 2).map((m) => m.id)).toEqual([second, first]);
    expect(listed[0]).toEqual({
      id: second, name: 'Hugo', email: 'lea@example.test', subject: 'Second message', message: 'Bonjour, quelles offres sont privées ?', status: 'new', created_at: now.toISOString(),
    });
  });

  it("change status ('Statut mis à jour'), any status may be set, and setting the current one records nothing", async () => {
    const id = await submit();
    expect(await setStatus(id, 'read')).toEqual({ status: 200, body: { message: 'Statut mis à jour', id, status: 'read' } });
    const head = await h.eventHead();
    expect((await setStatus(id, 'read')).status).toBe(200);
    expect(await h.eventHead()).toBe(head);
    expect((await setStatus(id, 'replied')).status).toBe(200);
    expect((await messages()).find((m) => m.id === id)?.status).toBe('replied');
    expect((await setStatus(id, 'new')).status).toBe(200);
    expect((await h.server.deps.eventStore.readStream(contactMessageStream(id))).map((e) => [e.type, (e.data as { status?: string }).status])).toEqual([
      ['ContactMessageSubmitted', undefined],
      ['ContactMessageStatusChanged', 'read'],
      ['ContactMessageStatusChanged', 'replied'],
      ['ContactMessageStatusChanged', 'new'],
    ]);
  });

  it('are filtered by status and searched in name, email, subject and text', async () => {
    const replied = await submit({ name: 'Zoé Quintal', subject: 'Paiement en crypto' });
    const read = await submit({ email: 'quintal@agency.test', subject: 'Offres privées' });
    const fresh = await submit({ message: 'Le mot QUINTAL est ici, dans le texte.' });
    await setStatus(replied, 'replied');
    await setStatus(read, 'read');

    const ids = async (query: string) => (await messages(query)).map((m) => m.id);
    expect(await ids('?q=quintal')).toEqual([fresh, read, replied]);
    expect(await ids('?q=quintal&status=all')).toEqual([fresh, read, replied]);
    expect(await ids('?q=zoe%20quintal')).toEqual([replied]);
    expect(await ids('?q=quintal&status=new')).toEqual([fresh]);
    expect(await ids('?q=quintal&status=read')).toEqual([read]);
    expect(await ids('?q=quintal&status=replied')).toEqual([replied]);
    expect(await ids(`?filter=${encodeURIComponent(JSON.stringify({ q: 'crypto', status: 'replied' }))}`)).toEqual([replied]);
    expect(await ids('?q=%25')).toEqual([]);
    const page = await fetch(`${h.url}/api/v1/admin/messages?q=quintal&range=[0,1]`, { headers: { authorization: `Bearer ${admin}` } });
    expect(page.headers.get('content-range')).toBe('messages 0-1/3');
  });

  it("are deleted ('Message supprimé'): gone from the list and the tiles; a deleted, unknown or malformed id is not found", async () => {
    const id = await submit();
    const before = await stats();
    expect(await h.call('DELETE', `/admin/messages/${id}`, { token: admin })).toEqual({ status: 200, body: { message: 'Message supprimé', id } });
    expect((await messages()).map((m) => m.id)).not.toContain(id);
    expect((await stats()).total).toBe(before.total - 1);
    const head = await h.eventHead();
    for (const missing of [id, randomUUID(), 'abc']) {
      expect(await h.call('DELETE', `/admin/messages/${missing}`, { token: admin })).toMatchObject({ status: 404, body: { message: 'Message introuvable' } });
      expect(await setStatus(missing, 'read')).toMatchObject({ status: 404, body: { message: 'Message introuvable' } });
    }
    expect(await h.eventHead()).toBe(head);
  });

  it('forget a deleted message: who wrote it, their address and their words are erased, and a replay builds the same list', async () => {
    const kept = await submit({ name: 'Gardé Durand' });
    const id = await submit({ name: 'Oublié Dupont', email: 'oublie@example.test', message: 'Merci de me rappeler au 06 12 34 56 78' });
    expect((await h.call('DELETE', `/admin/messages/${id}`, { token: admin })).status).toBe(200);
    const { eventStore, readModels } = h.server.deps;
    await readModels.waitForConsequences(await eventStore.headPosition());
    const erased = await h.db.pool.query('SELECT data::text FROM personal_data WHERE stream_id = $1', [contactMessageStream(id)]);
    expect(erased.rows).toEqual([]);
    const [submitted] = await eventStore.readStream(contactMessageStream(id));
    expect(submitted!.data).toEqual({ message_id: id });
    expect((await eventStore.readStream(contactMessageStream(kept)))[0]!.data).toMatchObject({ name: 'Gardé Durand' });
    const list = async () => (await h.db.pool.query('SELECT * FROM rm_contact_messages ORDER BY id')).rows;
    const before = await list();
    await rebuildReadModels({ eventStore, pool: h.db.pool, processors: [contactMessagesProjection] });
    expect(await list()).toEqual(before);
    expect(before.map((m) => m.id)).toContain(kept);
    expect(before.map((m) => m.id)).not.toContain(id);
  });

  it("refuse a bad status or search with a 400 ('Statut invalide'), recording nothing", async () => {
    const id = await submit();
    const head = await h.eventHead();
    for (const status of ['archived', '', null, 3, 'READ']) {
      expect(await setStatus(id, status), String(status)).toMatchObject({ status: 400, body: { message: 'Statut invalide' } });
    }
    expect((await h.call('PUT', `/admin/messages/${id}/status`, { token: admin, body: { status: 're\u0000ad' } })).status).toBe(400);
    expect((await h.call('GET', '/admin/messages?status=archived', { token: admin })).body).toMatchObject({ message: 'Statut invalide' });
    expect((await h.call('GET', `/admin/messages?q=${'x'.repeat(201)}`, { token: admin })).status).toBe(400);
    expect((await h.call('GET', '/admin/messages?q=a&q=b', { token: admin })).status).toBe(400);
    expect((await h.call('GET', '/admin/messages?q=%00', { token: admin })).status).toBe(400);
    expect(await h.eventHead()).toBe(head);
  });
});

describe('the message tiles', () => {
  it('count every message, each status, and those of today in Paris (not in UTC)', async () => {
    now = new Date('2026-11-16T22:30:00Z'); // 23:30 in Paris, 16 November
    const before = await stats();
    const yesterdayEvening = await submit();
    now = new Date('2026-11-16T23:30:00Z'); // 00:30 in Paris, 17 November: same UTC day, next Paris day
    const read = await submit();
    const replied = await submit();
    await submit();
    await setStatus(read, 'read');
    await setStatus(replied, 'replied');
    await setStatus(yesterdayEvening, 'replied');

    expect(await stats()).toEqual({
      total: before.total + 4,
      new_messages: before.new_messages + 1,
      read_messages: before.read_messages + 1,
      replied_messages: before.replied_messages + 2,
      today_messages: 3,
    });
    now = new Date('2026-11-17T22:59:59Z'); // 23:59:59 in Paris, still 17 November
    expect((await stats()).today_messages).toBe(3);
    now = new Date('2026-11-17T23:00:00Z'); // midnight in Paris: a new day
    expect((await stats()).today_messages).toBe(0);
  });
});

describe('who may call the messages API', () => {
  let who: Outsiders;
  beforeAll(async () => {
    who = await outsiders(h);
  });

  it('only the back office reads and only an admin writes: anonymous 401, affiliates (verified, unverified, frozen) 403', async () => {
    const id = await submit();
    await expectBackOfficeOnly(h, who, 'GET', '/admin/messages?status=all');
    await expectBackOfficeOnly(h, who, 'GET', '/admin/messages/stats/overview');
    await expectBackOfficeOnly(h, who, 'PUT', `/admin/messages/${id}/status`, { status: 'read' });
    await expectBackOfficeOnly(h, who, 'DELETE', `/admin/messages/${id}`);
    expect((await messages()).find((m) => m.id === id)?.status).toBe('new');

    expect((await h.call('GET', '/admin/messages?status=all', { token: admin })).status).toBe(200);
    expect((await h.call('GET', '/admin/messages/stats/overview', { token: admin })).status).toBe(200);
    expect((await setStatus(id, 'read')).status).toBe(200);
    expect((await h.call('DELETE', `/admin/messages/${id}`, { token: admin })).status).toBe(200);
  });
});
