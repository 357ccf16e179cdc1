/** A tiny HTTP client with a cookie jar, so a test can act as one signed-in browser. */
export class TestClient {
  private cookies = new Map<string, string>();

  /** `headers` go with every request, e.g. an `X-Forwarded-For` to act from another address. */
  constructor(
    readonly baseUrl: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** A FormData body goes as multipart; any other body as JSON. */
  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const isForm = body instanceof FormData;
    const res = await fetch(this.baseUrl + path, {
      method,
      redirect: 'manual',
      headers: {
        ...(body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {}),
        ...(this.cookies.size ? { Cookie: this.cookieHeader } : {}),
        ...this.headers,
        ...headers,
      },
      body:
        body === undefined
          ? undefined
          : isForm || typeof body === 'string'
            ? (body as FormData | string)
            : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return {
      status: res.status,
      headers: res.headers,
      text,
      json: json as Record<string, unknown> & { fields?: Record<string, string> },
      setCookies: res.headers.getSetCookie(),
    };
  }

  get = (path: string) => this.request('GET', path);
  post = (path: string, body?: unknown, headers?: Record<string, string>) =>
    this.request('POST', path, body, headers);
}

let counter = 0;
export const uniqueEmail = (tag = 'user') => `${tag}.${Date.now().toString(36)}.${counter++}@example.com`;

/** A new account, signed in; `headers` go with all its requests (e.g. `fromAddress(...)`). */
export async function registeredClient(
  baseUrl: string,
  overrides: Partial<{ fullName: string; email: string; password: string }> = {},
  headers: Record<string, string> = {},
) {
  const client = new TestClient(baseUrl, headers);
  const credentials = { fullName: 'Test User', email: uniqueEmail(), password: 'secret123', ...overrides };
  const res = await client.post('/api/register', credentials);
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
  return { client, credentials, user: res.json as unknown as { id: number; email: string } };
}

/** Requests that seem to come from `address`, for an api that trusts X-Forwarded-For (config.trustProxy). */
export const fromAddress = (address: string) => ({ 'X-Forwarded-For': address });

/** The company name and callback number calling needs, set through the owner's profile form. */
export const BUSINESS_PROFILE = { companyName: 'Spring Dental Clinic', phoneNumber: '(212) 555-0188' };

export async function giveBusinessProfile(owner: Awaited<ReturnType<typeof registeredClient>>) {
  const [firstName, ...rest] = owner.credentials.fullName.split(' ');
  const res = await owner.client.request('PUT', '/api/user/profile', {
    firstName,
    lastName: rest.join(' ') || firstName,
    email: owner.credentials.email,
    ...BUSINESS_PROFILE,
  });
  if (res.status !== 200) throw new Error(`profile failed: ${res.status} ${res.text}`);
}
