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
});
