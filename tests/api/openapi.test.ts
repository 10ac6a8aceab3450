import { compileErrors, validate } from '@readme/openapi-parser';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

/** Routes left out of the document on purpose: the documentation itself. */
const UNDOCUMENTED = /^\/api\/(openapi\.json|docs(\/.*)?)$/;

let testApp: TestApp;
const routes: Array<{ method: string; url: string; hidden: boolean }> = [];
let document: OpenAPIV3_1.Document;

beforeAll(async () => {
  testApp = await startTestApp({}, {
    onRoute: (route) => {
      const hidden = Boolean((route.schema as { hide?: boolean } | undefined)?.hide);
      for (const method of [route.method].flat()) routes.push({ method, url: route.url, hidden });
    },
  });
  const response = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
});
afterAll(() => testApp?.close());

/** Fastify's `/campaign/get-campaign/:id` is OpenAPI's `/campaign/get-campaign/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    expect(document.openapi).toMatch(/^3\.1\./);
    // The validator resolves references in place: it gets its own copy.
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, compileErrors(result)).toBe(true);
  });

  it('describes every registered route; only the documentation itself is left out', () => {
    const served = routes.filter((route) => route.method !== 'HEAD');
    expect(served.length).toBeGreaterThan(30);
    const hidden = served.filter((route) => route.hidden).map((route) => route.url);
    expect(hidden.filter((url) => !UNDOCUMENTED.test(url)), 'hidden routes beyond the documentation').toEqual([]);
    const missing = served
      .filter((route) => !route.hidden)
      .filter((route) => !document.paths?.[openApiPath(route.url)]?.[route.method.toLowerCase() as OpenAPIV3_1.HttpMethods])
      .map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
  });

  it('gives every operation its success answer, and every path parameter', () => {
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const [method, operation] of Object.entries(item!) as Array<[string, OpenAPIV3_1.OperationObject]>) {
        // A redirect's success is its 3xx (the review page's site buttons).
        const success = Object.keys(operation.responses ?? {}).filter((status) => /^[23]\d\d$/.test(status));
        expect(success, `${method} ${path}`).not.toEqual([]);
        const pathParameters = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
        const declared = (operation.parameters as OpenAPIV3_1.ParameterObject[] | undefined)?.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name);
        expect(declared ?? [], `${method} ${path}`).toEqual(pathParameters);
      }
    }
  });

  it('describes a request body from the schema the route validates with', () => {
    const body = document.paths!['/api/contact/create-new-contact']!.post!.requestBody as OpenAPIV3_1.RequestBodyObject;
    const schema = body.content['application/json']!.schema as OpenAPIV3_1.SchemaObject;
    expect(schema.required).toEqual(expect.arrayContaining(['firstName', 'lastName', 'email', 'phoneNumber', 'birthDate', 'gender', 'businessId']));
    expect(schema.properties!.gender).toMatchObject({ enum: ['MALE', 'FEMALE', 'NOT_SPECIFIED'] });
  });

  it('is browsable at /api/docs', async () => {
    const page = await testApp.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const initializer = await testApp.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
  });
});
