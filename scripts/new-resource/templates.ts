/**
 * The files `npm run new-resource` writes, for a resource named as in `Names` (here "gift cards":
 * kebabPlural gift-cards, camelSingular giftCard, PascalPlural GiftCards, snake_plural gift_cards).
 */
export type Names = {
  kebabPlural: string;
  kebabSingular: string;
  camelPlural: string;
  camelSingular: string;
  pascalPlural: string;
  pascalSingular: string;
  snakePlural: string;
  /** "Gift cards": the menu's and the screen's title. */
  label: string;
  /** "gift card" and "gift cards", in sentences. */
  words: string;
  pluralWords: string;
};

export function resourceFiles(n: Names): Record<string, string> {
  return {
    [`domain/${n.kebabPlural}.ts`]: domainFile(n),
    [`server/${n.kebabPlural}/queries.ts`]: queriesFile(n),
    [`server/${n.kebabPlural}/routes.ts`]: routesFile(n),
    [`src/resources/records/${n.kebabPlural}.ts`]: resourceFile(n),
    [`src/pages/${n.kebabPlural}/${n.pascalPlural}Page.tsx`]: pageFile(n),
    [`tests/api/${n.kebabPlural}.test.ts`]: apiTestFile(n),
    [`tests/unit/${n.kebabPlural}-page.test.tsx`]: screenTestFile(n),
  };
}

/** The table, appended to server/db/schema.ts (drizzle-kit then writes its migration). */
export function tableDefinition(n: Names) {
  return `
/** ${n.label} (written by npm run new-resource): each belongs to one business. */
export const ${n.camelPlural} = pgTable(
  '${n.snakePlural}',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('${n.snakePlural}_business_id_idx').on(t.businessId)],
);
`;
}

const capitalised = (text: string) => text[0]!.toUpperCase() + text.slice(1);
const titled = (text: string) => text.split(' ').map(capitalised).join(' ');

function domainFile(n: Names) {
  const upper = n.snakePlural.toUpperCase().replace(/S$/, '');
  return `import * as z from 'zod/mini';
import { requiredText } from './rules';

/**
 * ${n.label} of a business (written by npm run new-resource). A new field goes here first, then
 * into the table (server/db/schema.ts), the queries and the form.
 */

export const ${upper}_NAME_MAX = 100;

export const ${n.camelSingular}Messages = {
  nameRequired: 'Give the ${n.words} a name',
  notFound: '${capitalised(n.words)} not found.',
  created: { message: '${titled(n.words)} Created', description: 'The ${n.words} has been saved.' },
  updated: { message: '${titled(n.words)} Updated', description: 'The changes have been saved.' },
  deleted: { message: '${titled(n.words)} Deleted', description: 'The ${n.words} has been deleted.' },
} as const;

/** What the browser sends to create or change one; the form checks the same rules. */
export const ${n.camelSingular}PayloadSchema = z.object({
  name: requiredText('Name', ${n.camelSingular}Messages.nameRequired, ${upper}_NAME_MAX),
});
export type ${n.pascalSingular}Payload = z.infer<typeof ${n.camelSingular}PayloadSchema>;

/**
 * One ${n.words} as the API answers it: the one description of the answer. The server checks its
 * answers against it, the browser's type is inferred from it, and tests parse their fixtures with it.
 */
export const ${n.camelSingular}Schema = z.object({
  id: z.int(),
  businessId: z.int(),
  name: z.string(),
  /** ISO 8601, UTC. */
  createdAt: z.string(),
});
export type ${n.pascalSingular} = z.infer<typeof ${n.camelSingular}Schema>;
`;
}

function queriesFile(n: Names) {
  const table = n.camelPlural;
  return `import { desc, eq } from 'drizzle-orm';
import type { ${n.pascalSingular}, ${n.pascalSingular}Payload } from '#domain/${n.kebabPlural}';
import type { Db } from '../db/client';
import { ${table} } from '../db/schema';

const columns = { id: ${table}.id, businessId: ${table}.businessId, name: ${table}.name, createdAt: ${table}.createdAt };

/** Instants go out as ISO 8601 text. */
const answer = (row: Omit<${n.pascalSingular}, 'createdAt'> & { createdAt: Date }): ${n.pascalSingular} => ({ ...row, createdAt: row.createdAt.toISOString() });

/** The business's ${n.pluralWords}, newest first. */
export async function list${n.pascalPlural}(db: Db, businessId: number): Promise<${n.pascalSingular}[]> {
  const rows = await db.select(columns).from(${table}).where(eq(${table}.businessId, businessId)).orderBy(desc(${table}.id));
  return rows.map(answer);
}

export async function find${n.pascalSingular}(db: Db, id: number): Promise<${n.pascalSingular} | undefined> {
  const [row] = await db.select(columns).from(${table}).where(eq(${table}.id, id));
  return row && answer(row);
}

export async function insert${n.pascalSingular}(db: Db, businessId: number, payload: ${n.pascalSingular}Payload): Promise<${n.pascalSingular}> {
  const [row] = await db.insert(${table}).values({ businessId, name: payload.name }).returning(columns);
  return answer(row!);
}

/** The changed ${n.words}, or undefined when it was deleted meanwhile. */
export async function update${n.pascalSingular}(db: Db, id: number, payload: ${n.pascalSingular}Payload): Promise<${n.pascalSingular} | undefined> {
  const [row] = await db.update(${table}).set({ name: payload.name }).where(eq(${table}.id, id)).returning(columns);
  return row && answer(row);
}

/** The deleted ${n.words}, or undefined when it was deleted meanwhile. */
export async function delete${n.pascalSingular}(db: Db, id: number): Promise<${n.pascalSingular} | undefined> {
  const [row] = await db.delete(${table}).where(eq(${table}.id, id)).returning(columns);
  return row && answer(row);
}

/** For the ownership hook (app.registerOwner): the business a ${n.words} belongs to. */
export async function businessOf${n.pascalSingular}(db: Db, id: number): Promise<number | undefined> {
  const [row] = await db.select({ businessId: ${table}.businessId }).from(${table}).where(eq(${table}.id, id));
  return row?.businessId;
}
`;
}

function routesFile(n: Names) {
  const s = n.camelSingular;
  const S = n.pascalSingular;
  return `import * as z from 'zod/mini';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ${s}Messages, ${s}PayloadSchema, ${s}Schema, type ${S} } from '#domain/${n.kebabPlural}';
import { notFound } from '../lib/errors';
import { pathId } from '../lib/schemas';
import { businessOf${S}, delete${S}, find${S}, insert${S}, list${n.pascalPlural}, update${S} } from './queries';

declare module '../businesses/ownership' {
  interface OwnedRecords {
    /** The id of the owner's ${n.words} a route is keyed by (\`config.owns.${s}\`). */
    ${s}: number;
  }
}

const tags = ['${n.label}'];
const ${s}Answer = ${s}Schema.register(z.globalRegistry, { id: '${S}' });
/** The example is in the API docs, and the route-wide tests (ownership, fuzz) send it. */
const ${s}Payload = ${s}PayloadSchema.register(z.globalRegistry, { id: '${S}Payload', examples: [{ name: 'First ${n.words}' }] });
/** Routes of the business in the path: the ownership hook checks it is the owner's and sets request.business. */
const byBusiness = { config: { business: 'params.businessId' as const } };
/** Routes keyed by a ${n.words}'s id: the ownership hook checks its business is the owner's. */
const by${S} = { config: { owns: { ${s}: 'params.id' as const } } };
const businessParams = z.object({ businessId: pathId('The business') });
const ${s}Params = z.object({ id: pathId('The ${n.words}') });

/** ${n.label}: the business's list, and each one read, created, changed and deleted. Private: signed-in owners only. */
const ${s}Routes: FastifyPluginAsyncZod = async (app) => {
  app.registerOwner('${s}', businessOf${S}, ${s}Messages.notFound);
  /** A record gone since the ownership check (deleted meanwhile) answers as a missing one. */
  const found = (${s}: ${S} | undefined) => {
    if (!${s}) throw notFound(${s}Messages.notFound);
    return ${s};
  };

  app.get(
    '/${n.kebabSingular}/get-${n.kebabPlural}/:businessId',
    { ...byBusiness, schema: { tags, summary: "A business's ${n.pluralWords}, newest first", params: businessParams, response: { 200: z.array(${s}Answer) } } },
    async (request) => list${n.pascalPlural}(app.db, request.business.id),
  );

  app.get(
    '/${n.kebabSingular}/get-${n.kebabSingular}/:id',
    { ...by${S}, schema: { tags, summary: 'One ${n.words}', params: ${s}Params, response: { 200: ${s}Answer } } },
    async (request) => found(await find${S}(app.db, request.owned.${s})),
  );

  app.post(
    '/${n.kebabSingular}/create-${n.kebabSingular}/:businessId',
    { ...byBusiness, schema: { tags, summary: 'Create a ${n.words}', params: businessParams, body: ${s}Payload, response: { 201: ${s}Answer } } },
    async (request, reply) => reply.status(201).send(await insert${S}(app.db, request.business.id, request.body)),
  );

  app.put(
    '/${n.kebabSingular}/update-${n.kebabSingular}/:id',
    { ...by${S}, schema: { tags, summary: 'Change a ${n.words}', params: ${s}Params, body: ${s}Payload, response: { 200: ${s}Answer } } },
    async (request) => found(await update${S}(app.db, request.owned.${s}, request.body)),
  );

  app.delete(
    '/${n.kebabSingular}/delete-${n.kebabSingular}/:id',
    { ...by${S}, schema: { tags, summary: 'Delete a ${n.words}', params: ${s}Params, response: { 200: ${s}Answer } } },
    async (request) => found(await delete${S}(app.db, request.owned.${s})),
  );
};

export default ${s}Routes;
`;
}

function resourceFile(n: Names) {
  const S = n.pascalSingular;
  return `import type { ${S}, ${S}Payload } from '#domain/${n.kebabPlural}';
import { defineResource, endpoint, lazyPage } from '../define';

/**
 * ${n.label} of the selected business (written by npm run new-resource). A record: src/resources
 * lists every file in this folder, after its own resources, and its screen is declared here.
 */
export default defineResource({
  name: '${n.camelPlural}',
  list: '/${n.kebabPlural}',
  meta: { label: '${n.label}', iconName: 'records', requiresBusiness: true },
  endpoints: {
    list: endpoint.get<${S}[]>('/${n.kebabSingular}/get-${n.kebabPlural}/{businessId}'),
    getOne: endpoint.get<${S}>('/${n.kebabSingular}/get-${n.kebabSingular}/{id}'),
    create: endpoint.post<${S}Payload, ${S}>('/${n.kebabSingular}/create-${n.kebabSingular}/{businessId}'),
    update: endpoint.put<${S}Payload, ${S}>('/${n.kebabSingular}/update-${n.kebabSingular}/{id}'),
    deleteOne: endpoint.delete<undefined, ${S}>('/${n.kebabSingular}/delete-${n.kebabSingular}/{id}'),
  },
  pages: { list: lazyPage(() => import('../../pages/${n.kebabPlural}/${n.pascalPlural}Page')) },
});
`;
}

function pageFile(n: Names) {
  const s = n.camelSingular;
  const S = n.pascalSingular;
  return `import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { List, useModalForm, useTable } from '@refinedev/antd';
import { useDelete } from '@refinedev/core';
import { Button, Empty, Flex, Form, Input, Modal, Table, Typography } from 'antd';
import { useImperativeHandle, useRef, useState, type Ref } from 'react';
import { ${s}Messages, ${s}PayloadSchema, type ${S}, type ${S}Payload } from '#domain/${n.kebabPlural}';
import { useBusinessTime } from '../../business/business-time';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadError } from '../../components/ListStates';
import { zodRule } from '../../components/forms/zod-rule';

/** The business's ${n.pluralWords} (written by npm run new-resource): Refine's useTable reads them; created and changed in a dialog, deleted after asking. */
export default function ${n.pascalPlural}Page() {
  const { tableProps, tableQuery } = useTable<${S}>({ resource: '${n.camelPlural}', pagination: { mode: 'off' }, syncWithLocation: false });
  const times = useBusinessTime();
  const form = useRef<${S}FormModalHandle>(null);
  const createButton = useRef<HTMLButtonElement>(null);
  const { mutate: remove, mutation: removal } = useDelete<${S}>();
  const [deleting, setDeleting] = useState<${S} | null>(null);
  const confirmDelete = () =>
    remove(
      { resource: '${n.camelPlural}', id: deleting!.id, successNotification: () => ({ type: 'success', ...${s}Messages.deleted }) },
      { onSettled: () => setDeleting(null) },
    );

  return (
    <List
      title="${n.label}"
      breadcrumb={false}
      headerButtons={
        <Button ref={createButton} type="primary" icon={<PlusOutlined />} onClick={() => form.current?.create()}>
          Create ${n.words}
        </Button>
      }
    >
      {tableQuery.isError ? (
        <LoadError what="${n.pluralWords}" error={tableQuery.error} onRetry={() => void tableQuery.refetch()} />
      ) : (
        <Table<${S}>
          {...tableProps}
          rowKey="id"
          locale={{ emptyText: <Empty description="No ${n.pluralWords} yet." /> }}
          columns={[
            { key: 'name', title: 'Name', render: (_, ${s}) => <Typography.Text strong>{${s}.name}</Typography.Text> },
            { key: 'createdAt', title: times.titled('Created'), width: 190, responsive: ['sm'], render: (_, ${s}) => times.stamp(${s}.createdAt) },
            {
              key: 'actions',
              title: 'Actions',
              width: 104,
              render: (_, ${s}) => (
                <Flex gap={8}>
                  <Button icon={<EditOutlined />} aria-label={\`Edit ${n.words} \${${s}.name}\`} onClick={() => form.current?.edit(${s}.id)} />
                  <Button danger icon={<DeleteOutlined />} aria-label={\`Delete ${n.words} \${${s}.name}\`} onClick={() => setDeleting(${s})} />
                </Flex>
              ),
            },
          ]}
        />
      )}
      <${S}FormModal ref={form} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete ${n.words}"
        confirmText="Delete ${n.words}"
        danger
        confirming={removal.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
        returnFocusTo={() => createButton.current}
      >
        {deleting && <>Delete the ${n.words} “{deleting.name}”? This action cannot be reverted.</>}
      </ConfirmDialog>
    </List>
  );
}

type ${S}FormModalHandle = { create(): void; edit(id: number): void };

/** One ${n.words}'s form in a dialog, through Refine's useModalForm: empty to create one, filled to change one. */
function ${S}FormModal({ ref }: { ref: Ref<${S}FormModalHandle> }) {
  const creating = useModalForm<${S}, never, ${S}Payload>({
    resource: '${n.camelPlural}',
    action: 'create',
    successNotification: () => ({ type: 'success', ...${s}Messages.created }),
  });
  const editing = useModalForm<${S}, never, ${S}Payload>({
    resource: '${n.camelPlural}',
    action: 'edit',
    successNotification: () => ({ type: 'success', ...${s}Messages.updated }),
  });
  useImperativeHandle(ref, () => ({ create: () => creating.show(), edit: (id) => editing.show(id) }), [creating, editing]);

  // One dialog in the page at a time: each is named by its title, and two would share the title's id in tests.
  return (
    <>
      {creating.modalProps.open && (
        <Modal {...creating.modalProps} title="Create ${n.words}" okText="Create ${n.words}" width={520}>
          <${S}Fields formProps={creating.formProps} />
        </Modal>
      )}
      {editing.modalProps.open && (
        <Modal {...editing.modalProps} title="Edit ${n.words}" okText="Save" width={520}>
          <${S}Fields formProps={editing.formProps} />
        </Modal>
      )}
    </>
  );
}

/** The fields, with the rules the server applies (the domain schema's). */
function ${S}Fields({ formProps }: { formProps: ReturnType<typeof useModalForm<${S}, never, ${S}Payload>>['formProps'] }) {
  return (
    <Form {...formProps} layout="vertical" requiredMark={false}>
      <Form.Item label="Name" name="name" rules={[zodRule(${s}PayloadSchema, 'name')]}>
        <Input autoFocus />
      </Form.Item>
    </Form>
  );
}
`;
}

function apiTestFile(n: Names) {
  const s = n.camelSingular;
  const base = `/api/${n.kebabSingular}`;
  return `import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ${s}Messages, ${s}Schema } from '#domain/${n.kebabPlural}';
import { startOwnerAndStranger } from './helpers';

/** ${n.label} through the API (written by npm run new-resource), on both databases. */
let world: Awaited<ReturnType<typeof startOwnerAndStranger>>;
beforeAll(async () => {
  world = await startOwnerAndStranger();
});
afterAll(() => world?.testApp.close());

const create = (name: string, businessId = world.businessId) => world.owner.post(\`${base}/create-${n.kebabSingular}/\${businessId}\`, { name });

describe('${n.pluralWords}', () => {
  it('creates, lists newest first, reads, changes and deletes one, each answer as the domain schema says', async () => {
    const first = await create('  First  ');
    expect(first.statusCode).toBe(201);
    const created = ${s}Schema.parse(first.json());
    expect(created).toMatchObject({ name: 'First', businessId: world.businessId });
    const second = ${s}Schema.parse((await create('Second')).json());

    const listed = await world.owner.get(\`${base}/get-${n.kebabPlural}/\${world.businessId}\`);
    expect(listed.json().map((${s}: unknown) => ${s}Schema.parse(${s}).name)).toEqual(['Second', 'First']);
    expect((await world.owner.get(\`${base}/get-${n.kebabSingular}/\${created.id}\`)).json()).toEqual(created);

    const changed = await world.owner.put(\`${base}/update-${n.kebabSingular}/\${created.id}\`, { name: 'Renamed' });
    expect(${s}Schema.parse(changed.json())).toEqual({ ...created, name: 'Renamed' });

    const deleted = await world.owner.delete(\`${base}/delete-${n.kebabSingular}/\${second.id}\`);
    expect(${s}Schema.parse(deleted.json()).id).toBe(second.id);
    const after = await world.owner.get(\`${base}/get-${n.kebabPlural}/\${world.businessId}\`);
    expect(after.json().map((${s}: { id: number }) => ${s}.id)).toEqual([created.id]);
    expect((await world.owner.get(\`${base}/get-${n.kebabSingular}/\${second.id}\`)).json().message).toBe(${s}Messages.notFound);
  });

  it('refuses a missing or too long name with its message, and saves nothing', async () => {
    const missing = await create('   ');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ name: ${s}Messages.nameRequired });
    const tooLong = await create('x'.repeat(101));
    expect(tooLong.json().errors).toEqual({ name: 'Name must not exceed 100 characters' });
    const { id: emptyBusiness } = await world.owner.createBusiness();
    expect((await create('', emptyBusiness)).statusCode).toBe(400);
    expect((await world.owner.get(\`${base}/get-${n.kebabPlural}/\${emptyBusiness}\`)).json()).toEqual([]);
  });

  it("answers another owner's ${n.words} as a missing one, and leaves it as it was", async () => {
    const theirs = ${s}Schema.parse((await world.stranger.post(\`${base}/create-${n.kebabSingular}/\${world.strangersBusinessId}\`, { name: 'Theirs' })).json());
    for (const [method, url, body] of [
      ['GET', \`${base}/get-${n.kebabSingular}/\${theirs.id}\`],
      ['PUT', \`${base}/update-${n.kebabSingular}/\${theirs.id}\`, { name: 'Mine now' }],
      ['DELETE', \`${base}/delete-${n.kebabSingular}/\${theirs.id}\`],
    ] as const) {
      const answer = await world.owner.request(method, url, method === 'GET' ? undefined : (body ?? {}));
      expect([answer.statusCode, answer.json().message], \`\${method} \${url}\`).toEqual([404, ${s}Messages.notFound]);
    }
    expect((await world.stranger.get(\`${base}/get-${n.kebabSingular}/\${theirs.id}\`)).json()).toEqual(theirs);
  });
});
`;
}

function screenTestFile(n: Names) {
  const s = n.camelSingular;
  const S = n.pascalSingular;
  const base = `/${n.kebabSingular}`;
  return `import { fireEvent, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SELECTED_BUSINESS_STORAGE_KEY } from '#domain';
import { ${s}Schema, type ${S} } from '#domain/${n.kebabPlural}';
import { signedInApi } from '../support/fixture-api';
import { BUSINESS } from '../support/records';
import { renderApp } from '../support/render-app';

/** The ${n.label} screen (written by npm run new-resource) over fixtures the domain schema parses. */
const ${s} = (id: number, name: string): ${S} => ${s}Schema.parse({ id, businessId: BUSINESS.id, name, createdAt: '2026-03-01T09:30:00.000Z' });
const LIST = \`GET ${base}/get-${n.kebabPlural}/\${BUSINESS.id}\`;

function render${n.pascalPlural}(initial: ${S}[]) {
  localStorage.setItem(SELECTED_BUSINESS_STORAGE_KEY, JSON.stringify(BUSINESS));
  let ${n.camelPlural} = [...initial];
  const api = signedInApi([BUSINESS]);
  api.on(LIST, () => [200, ${n.camelPlural}]);
  api.on(\`POST ${base}/create-${n.kebabSingular}/\${BUSINESS.id}\`, (body) => {
    const created = ${s}(100, (body as { name: string }).name);
    ${n.camelPlural} = [created, ...${n.camelPlural}];
    return [201, created];
  });
  for (const { id, name } of initial) {
    api.on(\`GET ${base}/get-${n.kebabSingular}/\${id}\`, () => [200, ${s}(id, name)]);
    api.on(\`PUT ${base}/update-${n.kebabSingular}/\${id}\`, (body) => {
      const changed = ${s}(id, (body as { name: string }).name);
      ${n.camelPlural} = ${n.camelPlural}.map((one) => (one.id === id ? changed : one));
      return [200, changed];
    });
    api.on(\`DELETE ${base}/delete-${n.kebabSingular}/\${id}\`, () => {
      const deleted = ${n.camelPlural}.find((one) => one.id === id);
      ${n.camelPlural} = ${n.camelPlural}.filter((one) => one.id !== id);
      return [200, deleted];
    });
  }
  return { api, app: renderApp('/${n.kebabPlural}') };
}

describe('the ${n.label} screen', () => {
  it('lists them; says so when there is none', async () => {
    const { app } = render${n.pascalPlural}([${s}(1, 'First'), ${s}(2, 'Second')]);
    expect(await app.findByText('First')).toBeInTheDocument();
    expect(app.getByText('Second')).toBeInTheDocument();
    const empty = render${n.pascalPlural}([]);
    expect(await empty.app.findByText('No ${n.pluralWords} yet.')).toBeInTheDocument();
  });

  it("creates one with the server's rules in the form, and lists it", async () => {
    const { api, app } = render${n.pascalPlural}([]);
    fireEvent.click(await app.findByRole('button', { name: /Create ${n.words}/ }));
    const dialog = await app.findByRole('dialog', { name: 'Create ${n.words}' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create ${n.words}' }));
    expect(await within(dialog).findByText('Give the ${n.words} a name')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Fresh' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create ${n.words}' }));
    expect(await app.findByText('Fresh')).toBeInTheDocument();
    expect(api.bodies[\`POST ${base}/create-${n.kebabSingular}/\${BUSINESS.id}\`]).toEqual([{ name: 'Fresh' }]);
  });

  it('edits one in its filled form, and deletes one after asking', async () => {
    const { api, app } = render${n.pascalPlural}([${s}(1, 'First'), ${s}(2, 'Second')]);
    fireEvent.click(await app.findByRole('button', { name: 'Edit ${n.words} First' }));
    const dialog = await app.findByRole('dialog', { name: 'Edit ${n.words}' });
    await waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveValue('First'));
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Renamed' } });
    // The button's name may still carry the loading icon's label while the form's data arrives.
    fireEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    expect(await app.findByText('Renamed')).toBeInTheDocument();
    expect(api.bodies['PUT ${base}/update-${n.kebabSingular}/1']).toEqual([{ name: 'Renamed' }]);

    fireEvent.click(app.getByRole('button', { name: 'Delete ${n.words} Second' }));
    const question = await app.findByRole('dialog', { name: 'Delete ${n.words}' });
    fireEvent.click(within(question).getByRole('button', { name: 'Delete ${n.words}' }));
    await waitFor(() => expect(app.queryByText('Second')).not.toBeInTheDocument());
    expect(api.calls).toContain('DELETE ${base}/delete-${n.kebabSingular}/2');
  });
});
`;
}
