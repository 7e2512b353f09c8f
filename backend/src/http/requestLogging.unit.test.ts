import { describe, expect, it } from 'vitest';
import { loggedUrl } from './requestLogging';

describe('the logged URL of a request', () => {
  it("masks a postback key, an API key, a token and a password, whatever their place and case, and keeps the rest", () => {
    expect(loggedUrl('/api/v1/postback?key=NYj0lwl3G7XQZNkDyxT6otW7As5vaU0Q&source=10001&event=essay&txid=t-1')).toBe(
      '/api/v1/postback?key=***&source=10001&event=essay&txid=t-1',
    );
    expect(loggedUrl('/api/v1/x?source=1&KEY=abc&token=def#frag')).toBe('/api/v1/x?source=1&KEY=***&token=***#frag');
    expect(loggedUrl('/api/v1/x?api_key=abc&password=p&monkey=banana')).toBe('/api/v1/x?api_key=***&password=***&monkey=banana');
    expect(loggedUrl('/api/v1/offers?page=2')).toBe('/api/v1/offers?page=2');
  });

  it('masks a secret whose name is percent-encoded, as the query parser decodes it, and a value under a name it cannot decode', () => {
    expect(loggedUrl('/api/v1/postback?%6Bey=NYj0lwl3&source=10001')).toBe('/api/v1/postback?%6Bey=***&source=10001');
    expect(loggedUrl('/api/v1/postback?source=1&k%65Y=abc&%74oken=def')).toBe('/api/v1/postback?source=1&k%65Y=***&%74oken=***');
    expect(loggedUrl('/api/v1/postback?%E0%A4%A=abc&txid=t%20-1')).toBe('/api/v1/postback?%E0%A4%A=***&txid=t%20-1');
    expect(loggedUrl('/api/v1/postback?key')).toBe('/api/v1/postback?key=***');
  });
});
