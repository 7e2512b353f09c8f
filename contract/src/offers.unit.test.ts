import { describe, expect, it } from 'vitest';
import { appendQuery, buildAffiliationLink, buildTrackingScript, hasBrandImageRatio, isHttpUrl, scriptFor, templateLinkFor, tierOf, tierStatus } from './offers';

const template = {
  id: 1, template_image: null, template_link: 'https://brand.example/lp', template_link_ppt: '', template_link_sale: 'https://brand.example/sale?x=1',
  is_modular: true, modulation_keys: [{ key: 'lang', description: 'Langue' }, { key: 'age', description: '' }],
};

describe('the affiliation link', () => {
  it('uses the sale link for sale affiliates, premium=true, trackers and filled modulation keys, URL-encoded', () => {
    expect(buildAffiliationLink({ template, paymentType: 'sale', uniqueId: 123, trackers: { tracker1: 'fb', tracker2: 'camp1' }, modulation: { lang: 'fr FR', age: ' ' } }))
      .toBe('https://brand.example/sale?x=1&source=00123&premium=true&s1=fb&s2=camp1&lang=fr%20FR');
  });

  it('falls back to template_link for ppt affiliates, premium=false, and leaves blank trackers out', () => {
    expect(buildAffiliationLink({ template, paymentType: 'ppt', uniqueId: 10001, trackers: { tracker1: ' ', tracker2: '' } }))
      .toBe('https://brand.example/lp?source=10001&premium=false');
  });

  it('ignores modulation values of a template that is not modular, and keeps a #fragment last', () => {
    const plain = { ...template, is_modular: false, template_link_ppt: 'https://b.example/p#top' };
    expect(buildAffiliationLink({ template: plain, paymentType: 'ppt', uniqueId: 10001, trackers: { tracker1: 'a', tracker2: '' }, modulation: { lang: 'fr' } }))
      .toBe('https://b.example/p?source=10001&premium=false&s1=a#top');
  });

  it('has no link when the template has none for the payment type', () => {
    expect(buildAffiliationLink({ template: { ...template, template_link: '', template_link_sale: '' }, paymentType: 'sale', uniqueId: 1, trackers: { tracker1: '', tracker2: '' } })).toBeNull();
    expect(templateLinkFor({ template_link: 'https://a.example', template_link_ppt: 'https://p.example', template_link_sale: '' }, 'ppt')).toBe('https://p.example');
  });

  it('appends to a query that already ends with ? or &', () => {
    expect(appendQuery('https://a.example/?', [['a', 'b c']])).toBe('https://a.example/?a=b%20c');
    expect(appendQuery('https://a.example/?x=1&', [['a', '&']])).toBe('https://a.example/?x=1&a=%26');
  });
});

describe('the tracking script', () => {
  it("gets source, s1 and s2 on its src URL", () => {
    expect(buildTrackingScript('<script src="https://t.example/p.js?o=7"></script>', 42, { tracker1: 'x1', tracker2: '' }))
      .toBe('<script src="https://t.example/p.js?o=7&source=00042&s1=x1&s2="></script>');
  });
  it('is left as it is without a src, and is offered only for the payment type that has one', () => {
    expect(buildTrackingScript('<img alt="x">', 42, { tracker1: '', tracker2: '' })).toBe('<img alt="x">');
    expect(scriptFor({ script_code_ppt: '  ', script_code_sale: '<script src="s"></script>' }, 'ppt')).toBe('');
  });
});

describe('rules of the offer form', () => {
  it('accepts only http and https links', () => {
    expect(isHttpUrl('https://brand.example/x')).toBe(true);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('ftp://brand.example')).toBe(false);
    expect(isHttpUrl('brand.example')).toBe(false);
  });
  it('flags a brand image whose ratio is not 1200:350', () => {
    expect(hasBrandImageRatio(1200, 350)).toBe(true);
    expect(hasBrandImageRatio(600, 175)).toBe(true);
    expect(hasBrandImageRatio(800, 600)).toBe(false);
  });
});

describe('tiers', () => {
  const tiers = [
    { tier_level: 1, min_sales: 0, max_sales: 199 },
    { tier_level: 2, min_sales: 200, max_sales: 399 },
    { tier_level: 3, min_sales: 400, max_sales: null },
  ];
  it('finds the tier that holds the week count', () => {
    expect(tierOf(tiers, 0)?.tier_level).toBe(1);
    expect(tierOf(tiers, 200)?.tier_level).toBe(2);
    expect(tierOf(tiers, 5000)?.tier_level).toBe(3);
  });
  it('marks tiers current, upcoming or completed', () => {
    expect(tiers.map((t) => tierStatus(t, 2, 250))).toEqual(['completed', 'current', 'upcoming']);
  });
});
