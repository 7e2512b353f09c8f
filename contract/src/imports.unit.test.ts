import { describe, expect, it } from 'vitest';
import { importContentType, postbackUrlTemplate } from './imports';

describe('the postback URL of an offer', () => {
  it('carries the secret key, encoded, and a placeholder for every parameter of the call', () => {
    expect(postbackUrlTemplate('https://affilux.example/', 'k+y/1')).toBe(
      'https://affilux.example/api/v1/postback?key=k%2By%2F1&source={source}&event={event}&txid={txid}&s1={s1}&s2={s2}&date={date}&status={status}',
    );
  });
});

describe('the Content-Type an import file is sent with', () => {
  it('follows the file name first, then the type the browser gives, and refuses anything else', () => {
    expect(importContentType({ name: 'stats.CSV', type: 'application/vnd.ms-excel' })).toBe('text/csv');
    expect(importContentType({ name: 'stats.json', type: '' })).toBe('application/json');
    expect(importContentType({ name: 'stats', type: 'text/csv' })).toBe('text/csv');
    expect(importContentType({ name: 'stats.xlsx', type: 'application/octet-stream' })).toBeNull();
  });
});
