/** The seed's HTTP calls to the server it started: the product's own API, as the back office and brands call it. */

export type Answer = { status: number; body: any };

export type RequestOptions = {
  token?: string;
  /** A JSON body. */
  json?: unknown;
  /** A multipart form (offers, images). */
  form?: FormData;
  /** A raw body with its content type (statistics files). */
  raw?: { body: string; contentType: string };
  headers?: Record<string, string>;
  /** Statuses that are not failures for this call (e.g. a refused file the seed expects). */
  accept?: number[];
};

export class ApiCallFailed extends Error {}

export function apiClient(baseUrl: string) {
  async function call(method: string, path: string, options: RequestOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | FormData | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      body = options.form;
    } else if (options.raw) {
      headers['content-type'] = options.raw.contentType;
      body = options.raw.body;
    }
    const response = await fetch(`${baseUrl}/api/v1${path}`, { method, headers, body });
    const text = await response.text();
    const answer: Answer = { status: response.status, body: text ? JSON.parse(text) : null };
    if (response.status >= 300 && !options.accept?.includes(response.status)) {
      throw new ApiCallFailed(`${method} ${path} answered ${response.status}: ${text.slice(0, 500)}`);
    }
    return answer;
  }
  return {
    call,
    get: (path: string, token?: string) => call('GET', path, { token }).then((a) => a.body),
    post: (path: string, json: unknown, token?: string) => call('POST', path, { json, token }).then((a) => a.body),
    put: (path: string, json: unknown, token?: string) => call('PUT', path, { json, token }).then((a) => a.body),
  };
}

export type ApiClient = ReturnType<typeof apiClient>;
