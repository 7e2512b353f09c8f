import { describe, expect, it } from 'vitest';
import { checkManager } from './managers';

const messages = (input: unknown) => {
  const check = checkManager(input);
  return check.ok ? [] : check.errors.map((e) => [e.field, e.msg]);
};

describe('checkManager', () => {
  it('trims the values and keeps an empty contact as none', () => {
    expect(checkManager({ nom: '  Sarah Lemoine ', telegram: ' @sarah ', mail: '   ' })).toEqual({ ok: true, value: { nom: 'Sarah Lemoine', telegram: '@sarah', mail: null } });
    expect(checkManager({ nom: 'Sarah', mail: ' sarah@affilux.com ' })).toEqual({ ok: true, value: { nom: 'Sarah', telegram: null, mail: 'sarah@affilux.com' } });
  });

  it("requires a name: 'Le nom est requis'", () => {
    expect(messages({ nom: '  ', telegram: '@s' })).toEqual([['nom', 'Le nom est requis']]);
    expect(messages({ telegram: '@s' })).toEqual([['nom', 'Le nom est requis']]);
  });

  it('requires Telegram or an email', () => {
    expect(messages({ nom: 'Sarah', telegram: ' ', mail: '' })).toEqual([['telegram', 'Au moins une méthode de contact (Telegram ou Email) est requise']]);
    expect(messages({ nom: 'Sarah', telegram: null, mail: null })).toEqual([['telegram', 'Au moins une méthode de contact (Telegram ou Email) est requise']]);
  });

  it('requires an email to look like one', () => {
    for (const mail of ['sarah', 'sarah@affilux', 'sa rah@affilux.com', `${'a'.repeat(250)}@x.com`, 42]) {
      expect(messages({ nom: 'Sarah', mail }), String(mail)).toEqual([['mail', 'Adresse email invalide']]);
    }
  });

  it('refuses oversized values', () => {
    expect(messages({ nom: 'x'.repeat(101), telegram: '@s' })).toEqual([['nom', 'Le nom ne doit pas dépasser 100 caractères']]);
    expect(messages({ nom: 'Sarah', telegram: '@'.repeat(101) })).toEqual([['telegram', 'Le contact Telegram ne doit pas dépasser 100 caractères']]);
  });
});
