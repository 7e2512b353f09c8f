import { describe, expect, it } from 'vitest';
import { readRawRow, type Lookups, type OfferRef } from './rawStats';

const offers: Record<number, OfferRef> = {
  7: { offer_id: 'o0', unique_id: 7, intake: 'import', is_private: false, private_affiliate_ids: [] },
  10007: { offer_id: 'o7', unique_id: 10007, intake: 'import', is_private: false, private_affiliate_ids: [] },
  10008: { offer_id: 'o8', unique_id: 10008, intake: 'postback', is_private: false, private_affiliate_ids: [] },
  10009: { offer_id: 'o9', unique_id: 10009, intake: 'import', is_private: true, private_affiliate_ids: [10043] },
};
const lookups: Lookups = {
  affiliate: (id) => (id === 10042 ? { user_id: 'u42', unique_id: 10042, opened_day: '2026-11-02' } : undefined),
  offer: (id) => offers[id],
  today: '2026-11-22',
  scope: null,
};
const read = (raw: Record<string, unknown>) => readRawRow(raw, 3, lookups);
const refusal = (raw: Record<string, unknown>) => {
  const result = read(raw);
  if (result.ok) throw new Error('accepted');
  return result.error.reason;
};

describe('reading a raw stat row', () => {
  it('splits an offer into its tracker rows and a default row with what the trackers do not account for', () => {
    const result = read({
      source: '10042', stat_date: '2026-11-16',
      data: { siteGroups: { '10007': { click: 120, registered: 14, essay: 3, bill: 1, trackers: { a: { s1: 'fb', s2: 'camp1', click: 60, registered: 7, essay: 2, bill: 1 } } } } },
    });
    expect(result).toEqual({
      ok: true, user_id: 'u42', day: '2026-11-16',
      rows: [
        { user_id: 'u42', day: '2026-11-16', offer_id: 'o7', s1: '', s2: '', click: 60, registered: 7, essay: 1, bill: 0 },
        { user_id: 'u42', day: '2026-11-16', offer_id: 'o7', s1: 'fb', s2: 'camp1', click: 60, registered: 7, essay: 2, bill: 1 },
      ],
    });
  });

  it('refuses data given as a JSON string that holds a key twice in one object, naming the key', () => {
    expect(refusal({ source: '10042', stat_date: '2026-11-16', data: '{"siteGroups":{"7":{"click":5},"7":{"click":9}}}' })).toBe('data : la clé « 7 » figure deux fois dans un même objet');
  });

  it('takes data as a JSON string too, and globals as figures without an offer', () => {
    const result = read({ source: 10042, stat_date: '2026-11-16', data: JSON.stringify({ globals: { click: 5, essay: 1 } }) });
    expect(result).toMatchObject({ ok: true, rows: [{ offer_id: '', s1: '', s2: '', click: 5, registered: 0, essay: 1, bill: 0 }] });
  });

  it('trims a tracker before checking it, as a postback does: a tab or spaces around it are no part of it', () => {
    const result = read({ source: '10042', stat_date: '2026-11-16', data: { globals: { bill: 2, trackers: { a: { s1: 'fb\t', bill: 1 }, b: { s1: ` ${'x'.repeat(100)} `, bill: 1 } } } } });
    expect(result).toMatchObject({ ok: true, rows: [{ s1: '' }, { s1: 'fb' }, { s1: 'x'.repeat(100) }] });
  });

  it('adds up two tracker entries with the same s1 and s2', () => {
    const result = read({ source: '10042', stat_date: '2026-11-16', data: { globals: { bill: 4, trackers: { x: { s1: 'a', bill: 1 }, y: { s1: 'a', bill: 2 } } } } });
    expect(result).toMatchObject({ ok: true, rows: [{ s1: '', bill: 1 }, { s1: 'a', s2: '', bill: 3 }] });
  });

  it.each([
    [{ source: '42', stat_date: '2026-11-16', data: { globals: {} } }, 'source doit être un identifiant affilié à 5 chiffres'],
    [{ source: '10001', stat_date: '2026-11-16', data: { globals: {} } }, 'affilié inconnu : 10001'],
    [{ source: '10042', stat_date: '2026-02-30', data: { globals: {} } }, 'stat_date doit être une date AAAA-MM-JJ'],
    [{ source: '10042', stat_date: '2026-11-23', data: { globals: {} } }, 'date dans le futur (2026-11-23)'],
    [{ source: '10042', stat_date: '2026-11-01', data: { globals: {} } }, "date antérieure à l'ouverture du compte de l'affilié (2026-11-02)"],
    [{ source: '10042', stat_date: '2026-11-16', data: '{bad' }, "data n'est pas un JSON valide"],
    [{ source: '10042', stat_date: '2026-11-16', data: { other: {} } }, 'data doit contenir siteGroups ou globals'],
    [{ source: '10042', stat_date: '2026-11-16', data: { siteGroups: { '10099': {} } } }, 'offre inconnue : 10099'],
    [{ source: '10042', stat_date: '2026-11-16', data: { siteGroups: { '7': { click: 10 }, '00007': { click: 10 } } } }, "l'offre 00007 figure deux fois dans siteGroups"],
    [{ source: '10042', stat_date: '2026-11-16', data: { siteGroups: { '10008': {} } } }, "l'offre 10008 reçoit ses chiffres par postback, pas par import"],
    [{ source: '10042', stat_date: '2026-11-16', data: { siteGroups: { '10009': {} } } }, "l'offre 10009 est privée et n'est pas attribuée à cet affilié"],
    [{ source: '10042', stat_date: '2026-11-16', data: { globals: { click: -1 } } }, 'click doit être un entier positif ou nul (globals)'],
    [{ source: '10042', stat_date: '2026-11-16', data: { globals: { essay: 1.5 } } }, 'essay doit être un entier positif ou nul (globals)'],
    [{ source: '10042', stat_date: '2026-11-16', data: { globals: { click: 1_000_000_001 } } }, 'click dépasse le maximum de 1 000 000 000 (globals)'],
    [{ source: '10042', stat_date: '2026-11-16', data: { globals: { bill: 1_000_001 } } }, 'bill dépasse le maximum de 1 000 000 (globals)'],
    [{ source: '10042', stat_date: '2026-11-16', data: { globals: { essay: 5, trackers: { a: { s1: 'x', essay: 1_000_001 } } } } }, 'essay dépasse le maximum de 1 000 000 (globals, tracker)'],
    [{ source: '10042', stat_date: '2026-11-16', data: { siteGroups: { ['9'.repeat(5000)]: {} } } }, `offre inconnue : ${'9'.repeat(40)}…`],
    [{ source: '10042', stat_date: '2026-11-16', data: { globals: { bill: 1, trackers: { a: { s1: 'x', bill: 2 } } } } }, 'les trackers dépassent les totaux (bill, globals)'],
    [{ source: '10042', stat_date: '2026-11-16', data: { siteGroups: { '10007': { clicks: 120 } } } }, 'champ inconnu « clicks » (offre 10007) : seuls click, registered, essay, bill, trackers sont acceptés'],
    [{ source: '10042', stat_date: '2026-11-16', data: { globals: { trackers: { a: { s1: 'x', essays: 1 } } } } }, 'champ inconnu « essays » (globals, tracker) : seuls click, registered, essay, bill, s1, s2 sont acceptés'],
    [{ source: '10042', stat_date: '2026-11-16', data: { globals: { bill: 1, trackers: { a: { s1: '\u202Enimda', bill: 1 } } } } }, 's1 contient un caractère invisible ou de contrôle (par exemple un changement de sens du texte) (globals)'],
    [{ source: '10042', stat_date: '2026-11-16', data: { globals: { bill: 1, trackers: { a: { s1: 'x', s2: 'y'.repeat(101), bill: 1 } } } } }, 's2 fait 100 caractères au plus (globals)'],
  ])('refuses %o naming the reason: %s', (raw, reason) => {
    expect(refusal(raw)).toBe(reason);
  });

  it('repeats a long source or date cut short, so that an answer never grows with what it refuses', () => {
    expect(read({ source: 'A'.repeat(200_000), stat_date: 'B'.repeat(100), data: { globals: {} } })).toEqual({
      ok: false, error: { row: 3, source: `${'A'.repeat(40)}…`, stat_date: `${'B'.repeat(40)}…`, reason: 'source doit être un identifiant affilié à 5 chiffres' },
    });
  });

  it('names the row, its source and its day when it refuses one', () => {
    expect(read({ source: '10042', stat_date: '2026-11-23', data: { globals: {} } })).toEqual({
      ok: false, error: { row: 3, source: '10042', stat_date: '2026-11-23', reason: 'date dans le futur (2026-11-23)' },
    });
  });

  it("refuses, for an API key of some offers, another offer and figures without an offer", () => {
    const scoped = (raw: Record<string, unknown>) => readRawRow(raw, 3, { ...lookups, scope: new Set(['o7']) });
    expect(scoped({ source: '10042', stat_date: '2026-11-16', data: { siteGroups: { '10007': { essay: 1 } } } }).ok).toBe(true);
    expect(scoped({ source: '10042', stat_date: '2026-11-16', data: { siteGroups: { '10007': { essay: 1 }, '7': { essay: 1 } } } })).toMatchObject({ ok: false, error: { reason: "l'offre 00007 n'est pas une offre de cette clé d'API" } });
    expect(scoped({ source: '10042', stat_date: '2026-11-16', data: { globals: { essay: 1 } } })).toMatchObject({ ok: false, error: { reason: "globals : cette clé d'API n'envoie que les chiffres de ses offres (siteGroups)" } });
  });
});
