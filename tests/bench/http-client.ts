import { daytimeZone } from '../support/daytime-zone';

/** A signed-in owner over a real port, with the session cookies, for the benchmarks. */
export class HttpOwner {
  cookie = '';

  constructor(readonly baseUrl: string) {}

  async call(method: string, path: string, body?: unknown): Promise<Response> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', cookie: this.cookie },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const setCookies = response.headers.getSetCookie();
    if (setCookies.length) {
      const jar = new Map(this.cookie.split('; ').filter(Boolean).map((pair) => pair.split('=', 2) as [string, string]));
      for (const line of setCookies) {
        const [pair] = line.split(';');
        const [name, value] = pair!.split('=', 2) as [string, string];
        jar.set(name, value);
      }
      this.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    return response;
  }

  async json<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await this.call(method, path, body);
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${(await response.text()).slice(0, 300)}`);
    return (await response.json()) as T;
  }

  /** Signs up a new owner with a business; answers the business id. */
  async signUpWithBusiness(name: string): Promise<number> {
    const email = `${name}.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`;
    const password = 'Str0ng!pass';
    await this.json('POST', '/api/auth/sign-up', { firstName: 'Bench', lastName: 'Owner', email, password, birthDate: '1980-01-01', phoneNumber: '4915112345678' });
    await this.json('POST', '/api/auth/sign-in', { email, password });
    const business = await this.json<{ id: number }>('POST', '/api/business/create-new-business', {
      name: 'Bench Bakery', streetName: 'Main Street', streetNumber: '1', country: 'Germany', city: 'Berlin', postalCode: '10115', timeZone: daytimeZone(),
    });
    return business.id;
  }

  importFile(businessId: number, file: Buffer) {
    return this.call('POST', '/api/contact/import-contacts', { businessId, file: file.toString('base64') });
  }
}
