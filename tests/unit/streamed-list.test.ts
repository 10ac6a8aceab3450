import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { selectedBusinessStore } from '../../src/business/selected-business';
import type { ListWorkerMessage } from '../../src/providers/list-worker';
import { startFirstScreenEarly } from '../../src/providers/first-screen';
import { resourceScreens } from '../../src/screens';
import { ScriptedWorker } from '../support/scripted-worker';
import { prebuiltSearchTexts, readResourceListInWorker, takeEarlyRead, useFirstPage } from '../../src/providers/streamed-list';

type Row = { id: number };

const page = (ids: number[]): ListWorkerMessage<Row> => ({ kind: 'page', rows: ids.map((id) => ({ id })), texts: ids.map((id) => `row ${id}`) });
const startWorker = () => new ScriptedWorker() as unknown as Worker;

afterEach(() => {
  ScriptedWorker.started = [];
  vi.unstubAllGlobals();
});

describe('a whole list read in a worker', () => {
  it('shows the first page while the rest arrives, then gives the whole list with its search texts', async () => {
    vi.stubGlobal('Worker', ScriptedWorker);
    const firstPage = renderHook(() => useFirstPage<Row>('contacts'));
    const read = readResourceListInWorker<Row>('contacts', '/contact/get-contacts/7', startWorker);
    const worker = ScriptedWorker.started[0]!;
    expect(worker.requested).toEqual({ url: `${window.location.origin}/api/contact/get-contacts/7` });
    expect(firstPage.result.current).toBeNull();

    act(() => worker.answer(page([1, 2])));
    expect(firstPage.result.current).toEqual([{ id: 1 }, { id: 2 }]);
    act(() => worker.answer(page([3])));
    expect(firstPage.result.current).toHaveLength(2);
    act(() => worker.answer({ kind: 'end', revision: '42', etag: '"c7-42"' }));

    const list = await read;
    expect(list).toEqual({ rows: [{ id: 1 }, { id: 2 }, { id: 3 }], revision: '42', etag: '"c7-42"' });
    expect(prebuiltSearchTexts(list!.rows)).toEqual(['row 1', 'row 2', 'row 3']);
    expect(worker.terminated).toBe(true);
    // Once the whole list is there, the screen shows it instead of the first page.
    expect(firstPage.result.current).toBeNull();
  });

  it('answers null when the worker could not read the list, so it is read the usual way', async () => {
    vi.stubGlobal('Worker', ScriptedWorker);
    const unread = readResourceListInWorker<Row>('contacts', '/contact/get-contacts/7', startWorker);
    act(() => ScriptedWorker.started[0]!.answer(page([1])));
    act(() => ScriptedWorker.started[0]!.answer({ kind: 'unread' }));
    expect(await unread).toBeNull();

    const failed = readResourceListInWorker<Row>('contacts', '/contact/get-contacts/7', startWorker);
    act(() => ScriptedWorker.started[1]!.onerror?.());
    expect(await failed).toBeNull();
    expect(ScriptedWorker.started.every((worker) => worker.terminated)).toBe(true);
  });

  it('answers null at once where there are no workers', async () => {
    expect(await readResourceListInWorker<Row>('contacts', '/contact/get-contacts/7', startWorker)).toBeNull();
    expect(ScriptedWorker.started).toHaveLength(0);
  });

  it('shows only the first page of the latest read (another business selected meanwhile)', async () => {
    vi.stubGlobal('Worker', ScriptedWorker);
    const firstPage = renderHook(() => useFirstPage<Row>('contacts'));
    const earlier = readResourceListInWorker<Row>('contacts', '/contact/get-contacts/1', startWorker);
    const later = readResourceListInWorker<Row>('contacts', '/contact/get-contacts/2', startWorker);
    const [earlierWorker, laterWorker] = ScriptedWorker.started;
    act(() => earlierWorker!.answer(page([10])));
    expect(firstPage.result.current).toBeNull();
    act(() => laterWorker!.answer(page([20])));
    expect(firstPage.result.current).toEqual([{ id: 20 }]);
    act(() => earlierWorker!.answer({ kind: 'end', revision: '1', etag: null }));
    await earlier;
    expect(firstPage.result.current).toEqual([{ id: 20 }]);
    act(() => laterWorker!.answer({ kind: 'end', revision: '2', etag: null }));
    expect((await later)!.rows).toEqual([{ id: 20 }]);
  });
});

describe("the first screen's list, read while the app loads", () => {
  afterEach(() => {
    selectedBusinessStore.clear();
    vi.restoreAllMocks();
  });

  it('starts loading the screen opened and reading its list, for its first read to take once', async () => {
    vi.stubGlobal('Worker', ScriptedWorker);
    const preload = vi.spyOn(resourceScreens.contacts.list!, 'preload').mockResolvedValue(undefined);
    selectedBusinessStore.set({ id: 7, name: 'Corner Bakery' });
    startFirstScreenEarly('/contacts');
    expect(preload).toHaveBeenCalledOnce();
    expect(ScriptedWorker.started).toHaveLength(1);
    const early = takeEarlyRead<Row>('/contact/get-contacts/7');
    expect(takeEarlyRead('/contact/get-contacts/7')).toBeUndefined();
    act(() => ScriptedWorker.started[0]!.answer(page([5])));
    act(() => ScriptedWorker.started[0]!.answer({ kind: 'end', revision: '3', etag: null }));
    expect((await early)!.rows).toEqual([{ id: 5 }]);
  });

  it('reads nothing without a selected business, or on a screen without a worker-read list', () => {
    vi.stubGlobal('Worker', ScriptedWorker);
    startFirstScreenEarly('/contacts');
    selectedBusinessStore.set({ id: 7, name: 'Corner Bakery' });
    startFirstScreenEarly('/campaigns');
    startFirstScreenEarly('/dashboard');
    expect(ScriptedWorker.started).toHaveLength(0);
  });
});
