/** A member as a browser would be one: keeps its session cookie, sends JSON (the bench's own copy of the tests' ApiClient, which needs vitest). */
export class BenchMember {
  private cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  post<T = unknown>(url: string, json: unknown): Promise<{ status: number; body: T }> {
    return this.send<T>('POST', url, json);
  }

  put<T = unknown>(url: string, json: unknown): Promise<{ status: number; body: T }> {
    return this.send<T>('PUT', url, json);
  }

  async send<T = unknown>(method: string, url: string, json: unknown): Promise<{ status: number; body: T }> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader;
    const response = await fetch(`${this.baseUrl}${url}`, { method, headers, body: JSON.stringify(json), redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      if (!value || /expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  async register(email: string, firstName: string, lastName: string): Promise<void> {
    const reply = await this.post('/api/auth/register', { email, password: 'bench-password-1', firstName, lastName, displayName: `${firstName} ${lastName}` });
    if (reply.status !== 201) throw new Error(`register ${email} failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  }
}
