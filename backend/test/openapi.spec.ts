import { discoverRoutes } from './support/routes.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/** `/api/branches/:id` as OpenAPI writes it: `/api/branches/{id}`. */
const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: { openapi: string; paths: Record<string, Record<string, any>> };
  beforeAll(async () => {
    t = await startTestApp();
    doc = (await t.request('GET', '/api/openapi.json')).body;
  });
  afterAll(async () => {
    await t.close();
  });

  it('describes every route of the running router', () => {
    const routes = discoverRoutes(t);
    expect(routes.length).toBeGreaterThan(100);
    const missing = routes
      .map((r) => `${r.method} ${toOpenApiPath(r.path)}`)
      .filter((key) => {
        const [method, path] = key.split(' ');
        return !doc.paths[path!]?.[method!.toLowerCase()];
      });
    expect(missing).toEqual([]);
  });

  it('gives every operation a documented success answer with a schema or a file type', () => {
    const undocumented: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const success = Object.entries(op.responses ?? {}).filter(([status]) => status.startsWith('2'));
        if (!success.some(([, r]: [string, any]) => r.content && Object.keys(r.content).length > 0)) {
          undocumented.push(`${method.toUpperCase()} ${path}`);
        }
      }
    }
    expect(undocumented).toEqual([]);
  });

  it('states the request body with its required fields for creating writes', () => {
    const branches = doc.paths['/api/branches']!.post.requestBody.content['application/json'].schema;
    expect(branches.required).toEqual(expect.arrayContaining(['identifier', 'name']));
    const products = doc.paths['/api/products']!.post.requestBody.content['application/json'].schema;
    expect(products.required).toEqual(expect.arrayContaining(['name']));
    expect(doc.paths['/api/auth/login']!.post.requestBody).toBeDefined();
  });
});
