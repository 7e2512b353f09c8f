import type { AuditVerifyReport } from '@affilux/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn, startApiHarness, type ApiHarness, type TestAffiliate } from '../../../test/apiHarness';
import { userStream } from '../accounts/events';

/**
 * Nothing personal enters the immutable event log: a person's names, addresses, contact details and
 * words, sent through every form that takes them, are kept in `personal_data`, while the product
 * (screens' calls, emails, replay) works on them as before.
 */
describe('personal data kept out of the event log', () => {
  let h: ApiHarness;
  let affiliate: TestAffiliate;
  let adminToken: string;
  const personal = {
    names: ['Vasseur-Quint', 'Héloïse', 'Quintard', 'heloise-q', '@heloise_q', 'Marius', 'Delatour', 'Philippine', 'Auditrice', 'Octave', '@octave_mgr'],
    emails: ['eloise.vasseur@example.test', 'heloise.quintard@example.test', 'marius.delatour@example.test', 'lectrice.secrete@example.test', 'octave@affilux.test',
      'auditrice.privee@example.test', 'admin@affilux.test'],
    words: ['Demande privée Zéphyrin', '06 12 34 56 78', 'Media buyer on dating offers'],
  };
  const everything = [...personal.names, ...personal.emails, ...personal.words];

  beforeAll(async () => {
    h = await startApiHarness();
    adminToken = await h.login(h.admin.email, h.admin.password);
    // Application (names, username, email, contact, own words), approval, account opening, email verification.
    affiliate = await h.createAffiliate({ firstName: 'Éloïse', lastName: 'Vasseur-Quint', email: 'eloise.vasseur@example.test' });
    const profile = { first_name: 'Héloïse', last_name: 'Quintard', username: 'heloise-q', contact_method: '@heloise_q', country: 'France' };
    expect((await h.call('PUT', '/auth/profile', { token: affiliate.token, body: profile })).status).toBe(200);
    await h.call('PUT', '/auth/update-email', { token: affiliate.token, body: { email: 'heloise.quintard@example.test', current_password: affiliate.password } });
    const code = codeIn(await h.smtp.waitForMail('heloise.quintard@example.test', { subject: /nouvelle adresse/i }));
    expect((await h.call('POST', '/auth/verify-new-email', { token: affiliate.token, body: { code } })).status).toBe(200);

    const message = { name: 'Marius Delatour', email: 'marius.delatour@example.test', subject: 'Demande privée Zéphyrin', message: 'Rappelez-moi au 06 12 34 56 78, merci.' };
    expect((await h.call('POST', '/contact/submit', { body: message })).status).toBe(201);
    await h.call('POST', '/newsletter/subscribe', { body: { email: 'lectrice.secrete@example.test' } });
    const mail = await h.smtp.waitForMail('lectrice.secrete@example.test', { subject: /newsletter/i });
    const token = decodeURIComponent(/newsletter\/confirm\?token=([^\s"&<]+)/.exec(mail.text)![1]!);
    expect((await h.call('POST', '/newsletter/confirm', { body: { token } })).status).toBe(200);

    const manager = await h.call<{ id: string }>('POST', '/managers', { token: adminToken, body: { nom: 'Octave Fournier', telegram: '@octave_mgr', mail: 'octave@affilux.test' } });
    expect(manager.status).toBe(201);
    const auditor = { email: 'auditrice.privee@example.test', first_name: 'Philippine', last_name: 'Auditrice' };
    expect((await h.call('POST', '/admin/auditors', { token: adminToken, body: auditor })).status).toBe(201);
  });

  afterAll(async () => {
    await h?.stop();
  });

  it('leaves no name, address, contact or message in the events table; personal_data holds them', async () => {
    const { rows } = await h.db.pool.query<{ type: string; data: string }>('SELECT type, data::text FROM events');
    for (const value of everything) expect(rows.filter((r) => r.data.includes(value)).map((r) => `${r.type}: ${value}`)).toEqual([]);
    const { rows: kept } = await h.db.pool.query<{ data: string }>('SELECT data::text FROM personal_data');
    for (const value of everything) expect(kept.some((r) => r.data.includes(value)), value).toBe(true);
  });

  it('reads events whole: the facts from the log, the personal fields put back', async () => {
    const events = await h.server.deps.eventStore.readStream(userStream(affiliate.id));
    expect(events.find((e) => e.type === 'AffiliateAccountOpened')).toMatchObject({
      data: { user_id: affiliate.id, unique_id: affiliate.uniqueId, email: 'eloise.vasseur@example.test', first_name: 'Éloïse', last_name: 'Vasseur-Quint', country: 'France' },
      personal: expect.arrayContaining(['email', 'first_name']),
    });
    expect(events.at(-1)).toMatchObject({ type: 'EmailChanged', data: { email: 'heloise.quintard@example.test', previous_email: 'eloise.vasseur@example.test' } });
  });

  it('shows them where the product shows them: users, managers, contact messages, subscribers, and the old address told of the change', async () => {
    const users = await h.call<{ first_name: string; last_name: string; email: string }[]>('GET', '/admin/users/search?q=Quintard', { token: adminToken });
    expect(users.body).toEqual([expect.objectContaining({ first_name: 'Héloïse', last_name: 'Quintard', email: 'heloise.quintard@example.test' })]);
    const managers = await h.call<{ nom: string }[]>('GET', '/managers', { token: adminToken });
    expect(managers.body.map((m) => m.nom)).toContain('Octave Fournier');
    const { rows: messages } = await h.db.pool.query('SELECT name, email, subject FROM rm_contact_messages');
    expect(messages).toEqual([{ name: 'Marius Delatour', email: 'marius.delatour@example.test', subject: 'Demande privée Zéphyrin' }]);
    const { rows: subscribers } = await h.db.pool.query("SELECT 1 FROM rm_newsletter_subscribers WHERE email = 'lectrice.secrete@example.test'");
    expect(subscribers).toHaveLength(1);
    expect(h.smtp.mailsTo('eloise.vasseur@example.test').length).toBeGreaterThan(0);
  });

  it("keeps them out of the auditors' copy of the log, and a replay of every read model gives the same tables", async () => {
    const { rows } = await h.db.pool.query<{ data: string }>('SELECT data::text FROM rm_audit_events');
    expect(rows.length).toBeGreaterThan(0);
    for (const value of everything) expect(rows.filter((r) => r.data.includes(value)).length, value).toBe(0);
    const report = (await h.call<AuditVerifyReport>('POST', '/audit/verify', { token: adminToken })).body;
    expect(report.tables.filter((t) => !t.identical)).toEqual([]);
    expect(report.tables.map((t) => t.table)).toEqual(expect.arrayContaining(['rm_users', 'rm_managers', 'rm_contact_messages', 'rm_newsletter_subscribers']));
  });

  it('takes the rows back when the append is refused', async () => {
    const before = (await h.db.pool.query('SELECT count(*)::int AS n FROM personal_data')).rows[0].n;
    const event = { id: '5d6f3a1e-8c2b-4f7a-9e1d-0b3c4a5f6e7d', type: 'ProfileUpdated', data: { first_name: 'Refusée', last_name: 'X', username: 'x', contact_method: 'x', country: 'France' },
      metadata: { actorId: 'system', actorRole: 'system' as const, correlationId: 'c', causationId: 'c', occurredAt: new Date().toISOString(), schemaVersion: 1 } };
    await expect(h.server.deps.eventStore.append(userStream(affiliate.id), [event], { expectedRevision: 0 })).rejects.toThrow();
    expect((await h.db.pool.query('SELECT count(*)::int AS n FROM personal_data')).rows[0].n).toBe(before);
  });
});
