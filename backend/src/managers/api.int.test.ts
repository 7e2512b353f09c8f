import { randomUUID } from 'node:crypto';
import type { ManagerListItem } from '@affilux/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiHarness, type ApiHarness } from '../../../test/apiHarness';
import { expectBackOfficeOnly, outsiders, type Outsiders } from '../../../test/authorizationMatrix';
import { userStream } from '../accounts/events';
import { inTransaction } from '../db/transaction';
import { systemContext, toNewEvents } from '../eventstore/commands';
import { managerStream } from './events';
import { managerRelease } from './managerRelease';

let h: ApiHarness;
let admin: string;
beforeAll(async () => {
  h = await startApiHarness();
  admin = await h.login(h.admin.email, h.admin.password);
});
afterAll(() => h?.stop());

type Saved = ManagerListItem & { message: string };

async function createManager(body: Record<string, unknown> = {}): Promise<Saved> {
  const { status, body: saved } = await h.call<Saved>('POST', '/managers', { token: admin, body: { nom: `Manager ${randomUUID().slice(0, 6)}`, telegram: '@manager', mail: '', ...body } });
  expect(status).toBe(201);
  return saved;
}

const listed = async (query = '') => (await h.call<ManagerListItem[]>('GET', `/managers${query}`, { token: admin })).body;
const streamTypes = async (stream: string) => (await h.server.deps.eventStore.readStream(stream)).map((e) => [e.type, e.data]);

describe('managers', () => {
  it("are created with trimmed values and 'Manager créé avec succès', listed for the table and the approve dialog", async () => {
    const { status, body } = await h.call<Saved>('POST', '/managers', { token: admin, body: { nom: '  Sarah Lemoine ', telegram: ' @sarah_aff ', mail: '  ' } });
    expect(status).toBe(201);
    expect(body).toEqual({ message: 'Manager créé avec succès', id: expect.any(String), nom: 'Sarah Lemoine', telegram: '@sarah_aff', mail: null, created_at: expect.any(String), revision: 0, affiliate_count: 0 });
    expect(await streamTypes(managerStream(body.id))).toEqual([['ManagerCreated', { manager_id: body.id, nom: 'Sarah Lemoine', telegram: '@sarah_aff', mail: null }]]);

    expect(await listed()).toContainEqual({ id: body.id, nom: 'Sarah Lemoine', telegram: '@sarah_aff', mail: null, created_at: body.created_at, revision: 0, affiliate_count: 0 });
    expect((await h.call<{ id: string }[]>('GET', '/applications/managers', { token: admin })).body.map((m) => m.id)).toContain(body.id);
    expect((await h.call('GET', `/managers/${body.id}`, { token: admin })).body).toMatchObject({ id: body.id, nom: 'Sarah Lemoine' });
  });

  it('are searched in name, Telegram and email, case-insensitively, with react-admin paging', async () => {
    const julie = await createManager({ nom: 'Julie Zorro', telegram: '', mail: 'julie@Search-Me.test' });
    const marc = await createManager({ nom: 'Marc ZORRO', telegram: '@zorro_marc' });
    const page = await fetch(`${h.url}/api/v1/managers?filter=${encodeURIComponent(JSON.stringify({ q: 'zorro' }))}&sort=${encodeURIComponent('["nom","ASC"]')}&range=[0,0]`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(page.headers.get('content-range')).toBe('managers 0-0/2');
    expect(((await page.json()) as ManagerListItem[]).map((m) => m.id)).toEqual([julie.id]);
    const all = await listed(`?filter=${encodeURIComponent(JSON.stringify({ q: 'ZORRO' }))}`);
    expect(all.map((m) => m.id)).toEqual([julie.id, marc.id]);
    expect((await listed(`?filter=${encodeURIComponent(JSON.stringify({ q: 'search-me' }))}`)).map((m) => m.id)).toEqual([julie.id]);
    expect(await listed(`?filter=${encodeURIComponent(JSON.stringify({ q: '%' }))}`)).toEqual([]);
    const helene = await createManager({ nom: 'Hélène Zorro', telegram: '@helene' });
    expect((await listed(`?filter=${encodeURIComponent(JSON.stringify({ q: 'helene zorro' }))}`)).map((m) => m.id)).toEqual([helene.id]);
  });

  it('refuses a save built on a manager someone changed since it was opened (two tabs), recording nothing', async () => {
    const manager = await createManager({ nom: 'Jean Dupuis', telegram: '@jean_d' });
    const tabA = await h.call<Saved>('PUT', `/managers/${manager.id}`, { token: admin, body: { nom: 'Jean Dupuis', telegram: '@jean_new', mail: '', expected_revision: manager.revision } });
    expect(tabA.body).toMatchObject({ telegram: '@jean_new', revision: 1 });
    const head = await h.eventHead();
    const tabB = await h.call('PUT', `/managers/${manager.id}`, { token: admin, body: { nom: 'Jean Dupuis-Martin', telegram: '@jean_d', mail: '', expected_revision: manager.revision } });
    expect(tabB).toEqual({ status: 409, body: { message: "Cet élément a été modifié par quelqu'un d'autre depuis que vous l'avez ouvert : rechargez-le pour voir ses nouvelles valeurs, puis refaites votre modification" } });
    expect(await h.eventHead()).toBe(head);
    expect((await h.call<Saved>('GET', `/managers/${manager.id}`, { token: admin })).body).toMatchObject({ nom: 'Jean Dupuis', telegram: '@jean_new' });
    // Built on the latest revision it goes through; without one (an API client), the last save wins as before; a malformed one is refused.
    expect((await h.call('PUT', `/managers/${manager.id}`, { token: admin, body: { nom: 'Jean Dupuis-Martin', telegram: '@jean_new', mail: '', expected_revision: 1 } })).status).toBe(200);
    expect((await h.call('PUT', `/managers/${manager.id}`, { token: admin, body: { nom: 'Jean D.', telegram: '@jean_new', mail: '' } })).status).toBe(200);
    for (const expected_revision of [-1, 1.5, 'x']) {
      expect(await h.call('PUT', `/managers/${manager.id}`, { token: admin, body: { nom: 'Jean E.', telegram: '@jean_new', mail: '', expected_revision } })).toMatchObject({ status: 400, body: { message: 'expected_revision doit être un entier positif ou nul' } });
    }
  });

  it("are edited ('Manager mis à jour avec succès'); saving them unchanged records nothing", async () => {
    const manager = await createManager();
    const edited = await h.call<Saved>('PUT', `/managers/${manager.id}`, { token: admin, body: { nom: ' Julie Roy ', telegram: '', mail: ' julie@affilux.com ' } });
    expect(edited).toMatchObject({ status: 200, body: { message: 'Manager mis à jour avec succès', id: manager.id, nom: 'Julie Roy', telegram: null, mail: 'julie@affilux.com' } });
    const head = await h.eventHead();
    expect((await h.call('PUT', `/managers/${manager.id}`, { token: admin, body: { nom: 'Julie Roy', mail: 'julie@affilux.com' } })).status).toBe(200);
    expect(await h.eventHead()).toBe(head);
    expect((await listed()).find((m) => m.id === manager.id)).toMatchObject({ nom: 'Julie Roy', telegram: null, mail: 'julie@affilux.com' });
  });

  it('refuse every broken rule with a 400 and its message, recording nothing', async () => {
    const manager = await createManager();
    const cases: [unknown, string, string][] = [
      [{ nom: '   ', telegram: '@a' }, 'nom', 'Le nom est requis'],
      [{ telegram: '@a' }, 'nom', 'Le nom est requis'],
      [{ nom: 'Sarah', telegram: ' ', mail: '' }, 'telegram', 'Au moins une méthode de contact (Telegram ou Email) est requise'],
      [{ nom: 'Sarah' }, 'telegram', 'Au moins une méthode de contact (Telegram ou Email) est requise'],
      [{ nom: 'Sarah', mail: 'sarah@nowhere' }, 'mail', 'Adresse email invalide'],
      [{ nom: 'Sarah', mail: 12 }, 'mail', 'Adresse email invalide'],
      [{ nom: 'x'.repeat(101), telegram: '@a' }, 'nom', 'Le nom ne doit pas dépasser 100 caractères'],
      [{ nom: 'Sarah', telegram: '@'.repeat(101) }, 'telegram', 'Le contact Telegram ne doit pas dépasser 100 caractères'],
      [{ nom: 'Sarah', mail: `${'a'.repeat(250)}@affilux.com` }, 'mail', 'Adresse email invalide'],
      [[], 'nom', 'Le nom est requis'],
      [{ nom: 'Sa\u0000rah', telegram: '@a' }, 'nom', 'Caractère non autorisé (caractère nul ou caractère Unicode invalide)'],
    ];
    const head = await h.eventHead();
    for (const [body, field, msg] of cases) {
      for (const [method, path] of [['POST', '/managers'], ['PUT', `/managers/${manager.id}`]] as const) {
        const answer = await h.call(method, path, { token: admin, body });
        expect(answer, `${method} ${JSON.stringify(body).slice(0, 60)}`).toMatchObject({ status: 400, body: { message: msg } });
        expect(answer.body.errors).toContainEqual({ field, msg });
      }
    }
    expect(await h.eventHead()).toBe(head);
  });

  it('answer 404 for an unknown, malformed or deleted manager', async () => {
    const manager = await createManager();
    expect((await h.call('DELETE', `/managers/${manager.id}`, { token: admin })).status).toBe(200);
    const head = await h.eventHead();
    for (const id of [randomUUID(), 'not-an-id', manager.id]) {
      expect(await h.call('PUT', `/managers/${id}`, { token: admin, body: { nom: 'X', telegram: '@x' } })).toMatchObject({ status: 404, body: { message: 'Manager introuvable' } });
      expect(await h.call('DELETE', `/managers/${id}`, { token: admin })).toMatchObject({ status: 404, body: { message: 'Manager introuvable' } });
      expect((await h.call('GET', `/managers/${id}`, { token: admin })).status).toBe(404);
    }
    expect(await h.eventHead()).toBe(head);
  });
});

describe('deleting a manager', () => {
  it("counts its affiliates, then leaves each one without a manager through its own stream ('Manager supprimé avec succès')", async () => {
    const manager = await createManager({ nom: 'Paul Leaving' });
    const kept = await createManager({ nom: 'Nina Staying' });
    const [first, second, other] = [await h.createAffiliate(), await h.createAffiliate(), await h.createAffiliate()];
    for (const affiliate of [first, second]) await h.recordAccountEvent(affiliate.id, { type: 'ManagerAssigned', data: { manager_id: manager.id } });
    await h.recordAccountEvent(other.id, { type: 'ManagerAssigned', data: { manager_id: kept.id } });
    expect((await listed()).find((m) => m.id === manager.id)?.affiliate_count).toBe(2);

    const deleted = await h.call('DELETE', `/managers/${manager.id}`, { token: admin });
    expect(deleted).toEqual({ status: 200, body: { message: 'Manager supprimé avec succès', id: manager.id, released_affiliates: 2 } });

    for (const affiliate of [first, second]) {
      expect((await streamTypes(userStream(affiliate.id))).slice(-2)).toEqual([
        ['ManagerAssigned', { manager_id: manager.id }],
        ['ManagerAssigned', { manager_id: null }],
      ]);
      expect((await h.call<{ user: { manager_id: string | null } }>('GET', '/auth/me', { token: affiliate.token })).body.user.manager_id).toBeNull();
    }
    expect((await h.call<{ user: { manager_id: string | null } }>('GET', '/auth/me', { token: other.token })).body.user.manager_id).toBe(kept.id);
    const { rows } = await h.db.pool.query('SELECT count(*)::int AS n FROM rm_users WHERE manager_id = $1', [manager.id]);
    expect(rows[0].n).toBe(0);
    expect((await listed()).map((m) => m.id)).not.toContain(manager.id);
    expect((await h.call<{ id: string }[]>('GET', '/applications/managers', { token: admin })).body.map((m) => m.id)).not.toContain(manager.id);

    // The reactor run again on the same deletion (a crash before its checkpoint) records nothing more.
    const [deletion] = (await h.server.deps.eventStore.readStream(managerStream(manager.id))).filter((e) => e.type === 'ManagerDeleted');
    const head = await h.eventHead();
    const reactor = managerRelease(h.server.deps);
    await inTransaction(h.db.pool, (tx) => reactor.apply([deletion!], tx, () => undefined));
    expect(await h.eventHead()).toBe(head);
  });

  it('does not undo a newer choice: an affiliate moved to another manager meanwhile keeps it when the deletion is handled again', async () => {
    const manager = await createManager();
    const next = await createManager();
    const affiliate = await h.createAffiliate();
    await h.recordAccountEvent(affiliate.id, { type: 'ManagerAssigned', data: { manager_id: manager.id } });
    await h.call('DELETE', `/managers/${manager.id}`, { token: admin });
    await h.recordAccountEvent(affiliate.id, { type: 'ManagerAssigned', data: { manager_id: next.id } });

    const [deletion] = (await h.server.deps.eventStore.readStream(managerStream(manager.id))).filter((e) => e.type === 'ManagerDeleted');
    const head = await h.eventHead();
    await inTransaction(h.db.pool, (tx) => managerRelease(h.server.deps).apply([deletion!], tx, () => undefined));
    expect(await h.eventHead()).toBe(head);
    expect((await h.call<{ user: { manager_id: string | null } }>('GET', '/auth/me', { token: affiliate.token })).body.user.manager_id).toBe(next.id);
  });

  it('releases an affiliate assigned the manager after its deletion (a race with the deletion): no dangling manager id', async () => {
    const manager = await createManager();
    await h.call('DELETE', `/managers/${manager.id}`, { token: admin });
    const affiliate = await h.createAffiliate();
    const { position } = await h.server.deps.eventStore.append(
      userStream(affiliate.id),
      toNewEvents([{ type: 'ManagerAssigned', data: { manager_id: manager.id } }], systemContext(new Date())),
      { expectedRevision: 'stream_exists' },
    );
    await h.server.deps.readModels.waitForConsequences(position);
    expect((await streamTypes(userStream(affiliate.id))).slice(-2)).toEqual([
      ['ManagerAssigned', { manager_id: manager.id }],
      ['ManagerAssigned', { manager_id: null }],
    ]);
    expect((await h.call<{ user: { manager_id: string | null } }>('GET', '/auth/me', { token: affiliate.token })).body.user.manager_id).toBeNull();
  });
});

describe('who may call the managers API', () => {
  let who: Outsiders;
  beforeAll(async () => {
    who = await outsiders(h);
  });

  it('only the back office reads and only an admin writes: anonymous 401, affiliates (verified, unverified, frozen) 403', async () => {
    const manager = await createManager();
    const body = { nom: 'Intrus', telegram: '@intrus' };
    await expectBackOfficeOnly(h, who, 'GET', '/managers');
    await expectBackOfficeOnly(h, who, 'GET', `/managers/${manager.id}`);
    await expectBackOfficeOnly(h, who, 'POST', '/managers', body);
    await expectBackOfficeOnly(h, who, 'PUT', `/managers/${manager.id}`, body);
    await expectBackOfficeOnly(h, who, 'DELETE', `/managers/${manager.id}`);
    expect((await listed()).find((m) => m.id === manager.id)).toMatchObject({ nom: manager.nom });

    expect((await h.call('GET', '/managers', { token: admin })).status).toBe(200);
    expect((await h.call('GET', `/managers/${manager.id}`, { token: admin })).status).toBe(200);
    expect((await h.call('POST', '/managers', { token: admin, body })).status).toBe(201);
    expect((await h.call('PUT', `/managers/${manager.id}`, { token: admin, body })).status).toBe(200);
    expect((await h.call('DELETE', `/managers/${manager.id}`, { token: admin })).status).toBe(200);
  });
});
