import type { ListWorkerMessage } from '../../src/providers/list-worker';

/** A stand-in for the list worker: the test says what it answers, and when. */
export class ScriptedWorker {
  static started: ScriptedWorker[] = [];
  onmessage: ((event: MessageEvent<ListWorkerMessage<unknown>>) => void) | null = null;
  onerror: (() => void) | null = null;
  requested: unknown = null;
  terminated = false;
  constructor() {
    ScriptedWorker.started.push(this);
  }
  postMessage(request: unknown) {
    this.requested = request;
  }
  answer(message: ListWorkerMessage<unknown>) {
    this.onmessage?.({ data: message } as MessageEvent<ListWorkerMessage<unknown>>);
  }
  terminate() {
    this.terminated = true;
  }
}
