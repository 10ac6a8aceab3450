import { compileErrors, validate } from '@readme/openapi-parser';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicRoute } from '../../server/public-routes';
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

  it('names the session as the credential of exactly the routes server/public-routes.ts does not declare public', () => {
    const wrong = routes
      .filter((route) => route.method !== 'HEAD' && !route.hidden)
      .filter((route) => {
        const operation = document.paths?.[openApiPath(route.url)]?.[route.method.toLowerCase() as OpenAPIV3_1.HttpMethods];
        // An operation without its own `security` takes the document's: the session cookie.
        return (operation?.security === undefined) === Boolean(publicRoute(route.method, route.url));
      })
      .map((route) => `${route.method} ${route.url}`);
    expect(wrong).toEqual([]);
  });

  it('describes a request body from the schema the route validates with', () => {
    const body = document.paths!['/api/contact/create-new-contact']!.post!.requestBody as OpenAPIV3_1.RequestBodyObject;
    const schema = body.content['application/json']!.schema as OpenAPIV3_1.SchemaObject;
    expect(schema.required).toEqual(expect.arrayContaining(['firstName', 'lastName', 'email', 'phoneNumber', 'birthDate', 'gender', 'businessId']));
    expect(schema.properties!.gender).toMatchObject({ enum: ['MALE', 'FEMALE', 'NOT_SPECIFIED'] });
  });

  it("documents the review automation's routes with their schemas", () => {
    const path = (suffix: string) => document.paths![`/api/automation/${suffix}/{businessId}`]!;
    for (const [suffix, method] of [['get-automation', 'get'], ['update-automation', 'put'], ['get-automation-log', 'get']] as const) {
      expect(path(suffix)[method]!.tags, suffix).toEqual(['Review automation']);
    }
    const body = path('update-automation').put!.requestBody as OpenAPIV3_1.RequestBodyObject;
    const schema = body.content['application/json']!.schema as OpenAPIV3_1.SchemaObject;
    expect(schema.required).toEqual(expect.arrayContaining(['enabled', 'delayMinutes', 'channel', 'messageBody']));
    expect(schema.properties!.channel).toMatchObject({ enum: ['SMS_FIRST', 'EMAIL_FIRST', 'SMS', 'EMAIL'] });
    expect(document.components?.schemas).toHaveProperty('ReviewAutomation');
    expect(document.components?.schemas).toHaveProperty('AutomationLogItem');
  });

  it('documents the visits API under its own tag with the API key as a bearer scheme, and the key routes', () => {
    expect(document.components?.securitySchemes?.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const [path, method] of [['/api/v1/visits', 'post'], ['/api/v1/key', 'get']] as const) {
      const operation = document.paths![path]![method]!;
      expect(operation.tags, path).toEqual(['Visits API']);
      expect(operation.security, path).toEqual([{ apiKey: [] }]);
    }
    const visits = document.paths!['/api/v1/visits']!.post!;
    const body = (visits.requestBody as OpenAPIV3_1.RequestBodyObject).content['application/json']!.schema as OpenAPIV3_1.SchemaObject;
    expect(body.required).toEqual(['firstName']);
    expect(Object.keys(body.properties!)).toEqual(['firstName', 'lastName', 'email', 'phone', 'visitedAt', 'externalId']);
    expect((visits.parameters as OpenAPIV3_1.ParameterObject[]).map((parameter) => [parameter.in, parameter.name])).toEqual([['header', 'idempotency-key']]);
    expect(Object.keys(visits.responses!)).toEqual(expect.arrayContaining(['201', '4XX']));
    expect(document.components?.schemas).toHaveProperty('VisitAnswer');
    for (const path of ['/api/business/get-api-keys/{businessId}', '/api/business/create-api-key/{businessId}', '/api/business/delete-api-key/{businessId}/{id}']) {
      const item = document.paths![path]!;
      expect(Object.values(item).flatMap((operation) => (operation as OpenAPIV3_1.OperationObject).tags), path).toEqual(['API keys']);
    }
  });

  it('is browsable at /api/docs', async () => {
    const page = await testApp.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const initializer = await testApp.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
  });
});
